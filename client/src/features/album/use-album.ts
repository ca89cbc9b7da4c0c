import { useQuery } from '@apollo/client/react';
import { useParams } from 'react-router';
import { getFragmentData, graphql } from '../../gql';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';

/** AlbumSelectionFieldsFragment is the clients' album as every album call answers it (album-documents). */
export const AlbumSelectionFieldsFragment = graphql(`
  fragment AlbumSelectionFields on AlbumSelection {
    state
    maxPhotos
    photoCount
    excess
    sentAt
    photoIds
  }
`);

export const AlbumQuery = graphql(`
  query Album($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      albumSelection {
        ...AlbumSelectionFields
      }
    }
  }
`);

/**
 * useAlbum reads the clients' album of the gallery on screen: null unless
 * the gallery offers one and the viewer is one of its clients or its
 * photographer.
 */
export function useAlbum() {
  const { galleryId: galleryUrl = '' } = useParams();
  const variables = galleryVariables(galleryUrl, usePreviewHash(galleryUrl));
  const { data } = useQuery(AlbumQuery, { variables, skip: !galleryUrl, context: { silentErrors: true } });
  return { variables, galleryId: data?.gallery.id, album: getFragmentData(AlbumSelectionFieldsFragment, data?.gallery.albumSelection) ?? null };
}

import { useQuery } from '@apollo/client/react';
import { useParams } from 'react-router';
import { graphql } from '../../gql';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';

export const AlbumQuery = graphql(`
  query Album($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      albumSelection {
        state
        maxPhotos
        photoCount
        excess
        sentAt
        photoIds
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
  return { variables, galleryId: data?.gallery.id, album: data?.gallery.albumSelection ?? null };
}

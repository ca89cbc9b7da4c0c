import type { ApolloCache } from '@apollo/client';
import { graphql, makeFragmentData } from '../../gql';
import type { AlbumSelectionFieldsFragment as AlbumSelectionData } from '../../gql/graphql';
import { AlbumSelectionFieldsFragment } from './use-album';

// The clients' album lives on the gallery (Gallery.albumSelection, no id of
// its own), so every album answer is written back onto the gallery by hand.
// Every album answer selects AlbumSelectionFields. The header's album button
// reads AlbumQuery from use-album (in the home's first download), where that
// fragment is; both are named here too.
export { AlbumQuery, AlbumSelectionFieldsFragment } from './use-album';

export const AlbumPhotosQuery = graphql(`
  query AlbumPhotos($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      albumSelection {
        photoIds
        photos(first: 100) {
          edges {
            node {
              id
              filename
              urls {
                thumbnail
              }
            }
          }
        }
      }
    }
  }
`);

export const AlbumGalleryFragment = graphql(`
  fragment AlbumGallery on Gallery {
    id
    albumSelection {
      ...AlbumSelectionFields
    }
  }
`);

export const AddToAlbumMutation = graphql(`
  mutation AddToAlbum($input: AlbumPhotosInput!) {
    addToAlbum(input: $input) {
      album {
        ...AlbumSelectionFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const RemoveFromAlbumMutation = graphql(`
  mutation RemoveFromAlbum($input: AlbumPhotosInput!) {
    removeFromAlbum(input: $input) {
      album {
        ...AlbumSelectionFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const SendAlbumMutation = graphql(`
  mutation SendAlbum($input: SendAlbumInput!) {
    sendAlbum(input: $input) {
      album {
        ...AlbumSelectionFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** AlbumFields is the album as every call answers it. */
export type AlbumFields = AlbumSelectionData;

/** writeAlbum puts an album answer on its gallery in the cache. */
export function writeAlbum(cache: ApolloCache, galleryId: string, album: AlbumFields | null | undefined): void {
  if (!album) return;
  const data = {
    __typename: 'Gallery' as const,
    id: galleryId,
    albumSelection: makeFragmentData({ __typename: 'AlbumSelection' as const, ...album, sentAt: album.sentAt ?? null }, AlbumSelectionFieldsFragment),
  };
  cache.writeFragment({ id: cache.identify(data), fragment: AlbumGalleryFragment, fragmentName: 'AlbumGallery', data });
}

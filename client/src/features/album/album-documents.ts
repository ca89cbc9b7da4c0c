import type { ApolloCache } from '@apollo/client';
import { graphql } from '../../gql';
import type { AlbumGalleryFragment as AlbumGalleryData } from '../../gql/graphql';

// The clients' album lives on the gallery (Gallery.albumSelection, no id of
// its own), so every album answer is written back onto the gallery by hand.
// The header's album button reads AlbumQuery from use-album (in the home's
// first download); it is named here too.
export { AlbumQuery } from './use-album';

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
      state
      maxPhotos
      photoCount
      excess
      sentAt
      photoIds
    }
  }
`);

export const AddToAlbumMutation = graphql(`
  mutation AddToAlbum($input: AlbumPhotosInput!) {
    addToAlbum(input: $input) {
      album {
        state
        maxPhotos
        photoCount
        excess
        sentAt
        photoIds
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const RemoveFromAlbumMutation = graphql(`
  mutation RemoveFromAlbum($input: AlbumPhotosInput!) {
    removeFromAlbum(input: $input) {
      album {
        state
        maxPhotos
        photoCount
        excess
        sentAt
        photoIds
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const SendAlbumMutation = graphql(`
  mutation SendAlbum($input: SendAlbumInput!) {
    sendAlbum(input: $input) {
      album {
        state
        maxPhotos
        photoCount
        excess
        sentAt
        photoIds
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

/** AlbumFields is the album as every call answers it. */
export type AlbumFields = NonNullable<AlbumGalleryData['albumSelection']>;

/** writeAlbum puts an album answer on its gallery in the cache. */
export function writeAlbum(cache: ApolloCache, galleryId: string, album: AlbumFields | null | undefined): void {
  if (!album) return;
  const data = {
    __typename: 'Gallery' as const,
    id: galleryId,
    albumSelection: { __typename: 'AlbumSelection' as const, ...album, sentAt: album.sentAt ?? null },
  };
  cache.writeFragment({ id: cache.identify(data), fragment: AlbumGalleryFragment, data });
}

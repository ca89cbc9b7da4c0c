import { graphql } from '../../gql';

// The shop screens read the gallery's price list, packs and print options
// through one query (ShopGallery), so moving between them answers from the
// cache. The downloads screen adds the whole-gallery prices to the same
// selection rather than asking for a smaller one: the price list has no id,
// and two different selections of it on one screen would keep replacing
// each other in the cache.

export const ShopPricesFragment = graphql(`
  fragment ShopPrices on Prices {
    categories {
      id
      name
      description
      section
      position
    }
    families {
      id
      name
      description
      position
      matGlossOption
      whiteBordersOption
      whiteMarginAllowed
      category {
        id
      }
    }
    formats {
      id
      name
      kind
      digitalQuality
      onlyInPack
      position
      shortSize
      longSize
      unitPrice {
        amount
        currency
      }
      family {
        id
      }
      category {
        id
      }
    }
  }
`);

export const ShopPackFragment = graphql(`
  fragment ShopPack on Pack {
    id
    pack
    displayName
    description
    gift
    offerType
    shippingIncludedTo
    unitPrice {
      amount
      currency
    }
    formats {
      quantity
      photos
      format {
        id
        name
        kind
      }
    }
    digitalFiles {
      quantity
      webDescription
      hdDescription
      format {
        id
        name
        kind
        digitalQuality
      }
    }
  }
`);

export const ShopGalleryQuery = graphql(`
  query ShopGallery($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      printOptions {
        nonHomotheticity {
          policy
        }
        whiteBorders {
          policy
        }
        finish
      }
      prices {
        ...ShopPrices
      }
      availablePacks {
        id
        ...ShopPack
      }
    }
  }
`);

export const ShopDownloadsQuery = graphql(`
  query ShopDownloads($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      printOptions {
        nonHomotheticity {
          policy
        }
        whiteBorders {
          policy
        }
        finish
      }
      downloadInformation {
        message
      }
      prices {
        ...ShopPrices
        formats {
          id
          galleryPrice {
            amount
            currency
          }
        }
      }
      availablePacks {
        id
        ...ShopPack
      }
    }
  }
`);

/** A page of the gallery's photos for the photo pickers (the same connection as the home grid). */
export const ShopPhotosQuery = graphql(`
  query ShopPhotos($url: String!, $previewHash: String, $first: Int!, $after: Cursor) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      photos(first: $first, after: $after) {
        totalCount
        edges {
          cursor
          node {
            id
            ...PhotoPicker_photo
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

/** One photo, with its size in pixels for the crop editor. */
export const ShopPhotoQuery = graphql(`
  query ShopPhoto($photoId: ID!) {
    node(id: $photoId) {
      __typename
      id
      ... on Photo {
        filename
        width
        height
        dominantColor
        urls {
          thumbnail
          viewer
        }
      }
    }
  }
`);

export const PhotoProductsQuery = graphql(`
  query PhotoProducts($galleryId: ID!, $photoId: ID!) {
    photoProducts(galleryId: $galleryId, photoId: $photoId) {
      format {
        id
        name
        kind
        digitalQuality
        position
        shortSize
        longSize
        unitPrice {
          amount
          currency
        }
        category {
          id
          name
          section
        }
        family {
          id
          name
        }
      }
      ratioDiffers
      whiteMargin
      finishes
      defaultFinish
      borders
      defaultCrop {
        x
        y
        width
        height
      }
    }
  }
`);

/** PHOTOS_PAGE_SIZE is the page size of the photo pickers (the API caps pages at 100). */
export const PHOTOS_PAGE_SIZE = 100;

// The studio's catalogue screen (graph/schema/studiocatalogue.graphql and the
// photographer tools' catalogue mutations of photographer.graphql).
import { graphql } from '../../gql';

export const StudioCatalogueGalleriesQuery = graphql(`
  query StudioCatalogueGalleries {
    studioGalleries(first: 100) {
      edges {
        node {
          id
          eventName
          url
        }
      }
    }
  }
`);

export const StudioCatalogueQuery = graphql(`
  query StudioCatalogue($galleryId: ID!) {
    studioCatalogue(galleryId: $galleryId) {
      galleryId
      deliveryOptions
      pickupAddress
      pickupStreet
      pickupPostalCode
      pickupCity
      country
      categories {
        id
        name
        section
      }
      families {
        id
        name
        matGlossOption
        whiteBordersOption
        category {
          id
        }
      }
      formats {
        id
        name
        shortSize
        longSize
        kind
        digitalQuality
        withdrawn
        onlyInPack
        lab
        unitPrice {
          amount
          currency
        }
        galleryPrice {
          amount
          currency
        }
        family {
          id
        }
      }
      packs {
        id
        pack
        displayName
        description
        gift
        offerType
        shippingIncludedTo
        withdrawn
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
          }
        }
        digitalFiles {
          quantity
          format {
            id
            name
          }
        }
      }
      discounts {
        id
        percent
        threshold {
          amount
          currency
        }
      }
      shippingRates {
        zone
        countries
        lab
        price {
          amount
          currency
        }
        freeFrom {
          amount
          currency
        }
      }
    }
  }
`);

export const StudioCataloguePreviewQuery = graphql(`
  query StudioCataloguePreview($input: CataloguePreviewInput!) {
    studioCataloguePreview(input: $input) {
      preview {
        lines {
          ref
          name
          quantity
          available
          unitPrice {
            amount
            currency
          }
          total {
            amount
            currency
          }
        }
        merchandise {
          amount
          currency
        }
        discountPercent
        discount {
          amount
          currency
        }
        shipping {
          amount
          currency
        }
        vat {
          amount
          currency
        }
        total {
          amount
          currency
        }
        shippingProblems {
          ref
          reason
        }
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CatalogueCreateCategoryMutation = graphql(`
  mutation CatalogueCreateCategory($input: CreateCategoryInput!) {
    createCategory(input: $input) {
      category {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CatalogueCreateFamilyMutation = graphql(`
  mutation CatalogueCreateFamily($input: CreateFamilyInput!) {
    createFamily(input: $input) {
      family {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CatalogueCreateFormatMutation = graphql(`
  mutation CatalogueCreateFormat($input: CreateFormatInput!) {
    createFormat(input: $input) {
      format {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CatalogueUpdateFormatMutation = graphql(`
  mutation CatalogueUpdateFormat($input: UpdateFormatInput!) {
    updateFormat(input: $input) {
      format {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CatalogueCreatePackMutation = graphql(`
  mutation CatalogueCreatePack($input: CreatePackInput!) {
    createPack(input: $input) {
      pack {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CatalogueUpdatePackMutation = graphql(`
  mutation CatalogueUpdatePack($input: UpdatePackInput!) {
    updatePack(input: $input) {
      pack {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CatalogueCreateDiscountMutation = graphql(`
  mutation CatalogueCreateDiscount($input: CreateDiscountInput!) {
    createDiscount(input: $input) {
      discount {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CatalogueDeleteDiscountMutation = graphql(`
  mutation CatalogueDeleteDiscount($input: DeleteDiscountInput!) {
    deleteDiscount(input: $input) {
      deletedDiscountId
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CatalogueSetShippingRatesMutation = graphql(`
  mutation CatalogueSetShippingRates($input: SetShippingRatesInput!) {
    setShippingRates(input: $input) {
      rates {
        zone
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CatalogueDeliveryOptionsMutation = graphql(`
  mutation CatalogueDeliveryOptions($input: UpdateGalleryInput!) {
    updateGallery(input: $input) {
      gallery {
        id
        deliveryOptions
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CatalogueUpdatePickupMutation = graphql(`
  mutation CatalogueUpdatePickup($input: StudioPickupInput!) {
    updateStudioPickup(input: $input) {
      pickupAddress
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CatalogueSourcesQuery = graphql(`
  query StudioCatalogueSources {
    studioGalleries(first: 100, orderBy: { field: CREATED_AT, direction: DESC }) {
      edges {
        node {
          id
          eventName
          stats {
            formatCount
          }
        }
      }
    }
  }
`);

export const CopyCatalogueMutation = graphql(`
  mutation StudioCopyCatalogue($input: CopyCatalogueInput!) {
    copyCatalogue(input: $input) {
      catalogue {
        galleryId
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

/** CatalogueCountriesQuery lists the countries a pack may ship to for free: the address form's, named in the page's language. */
export const CatalogueCountriesQuery = graphql(`
  query CatalogueCountries {
    countries {
      code
      name
    }
  }
`);

import { graphql } from '../../gql';

// The checkout calls: the address step (setClientData) and the review and
// payment step (placeOrder). Both screens read the cart with CheckoutCart;
// setClientData answers it together with the cart page's CartFields, so
// that the normalised Cart in the cache stays whole for every cart screen.

/**
 * CheckoutCartFragment is what the address and validation steps read of the
 * cart: the delivery situation, the buyer's addresses, the shipping
 * problems, a compact list of the purchases and the totals.
 */
export const CheckoutCartFragment = graphql(`
  fragment CheckoutCart on Cart {
    id
    version
    itemCount
    needsDelivery
    deliveryOption
    shippingCountry
    pickupAddress
    photosNeedRetouch
    clientData {
      email
      deliveryOption
      sameAsBilling
      billing {
        title
        firstname
        lastname
        address
        address2
        postalCode
        city
        country
        phoneNumber
        vatNumber
      }
      shipping {
        title
        firstname
        lastname
        address
        address2
        postalCode
        city
        country
        phoneNumber
        vatNumber
      }
    }
    shippingProblems {
      cartItemId
      country
      reason
      message
    }
    photos {
      id
      kind
      photoId
      quantity
      finish
      border
      format {
        id
        name
        digitalQuality
      }
      photo {
        id
        filename
        urls {
          thumbnail
        }
      }
      unitPrice {
        amount
        currency
      }
      total {
        amount
        currency
      }
    }
    packs {
      id
      packInstanceId
      clientPackName
      galleryItem {
        id
        pack
        displayName
      }
      unitPrice {
        amount
        currency
      }
    }
    allDigitalFileFormats {
      id
      format {
        id
        name
      }
      price {
        amount
        currency
      }
      photoCount
    }
    totals {
      total {
        amount
        currency
      }
    }
    ...CartTotals_cart
  }
`);

export const CheckoutCartQuery = graphql(`
  query CheckoutCart($galleryId: ID!) {
    cart(galleryId: $galleryId) {
      ...CheckoutCart
    }
  }
`);

/** CheckoutGalleryQuery turns the gallery's address into its id, with the delivery options it offers (answered from the cache once the layout loaded it). */
export const CheckoutGalleryQuery = graphql(`
  query CheckoutGallery($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      deliveryOptions
    }
  }
`);

/** CountriesQuery lists the countries an address may be in, with their French names. */
export const CountriesQuery = graphql(`
  query Countries {
    countries {
      code
      name
    }
  }
`);

/** PaymentMethodsQuery lists the payment methods offered at checkout. */
export const PaymentMethodsQuery = graphql(`
  query PaymentMethods {
    paymentMethods
  }
`);

/**
 * SetClientDataMutation records the buyer's addresses and delivery choice.
 * When a postal code and its city disagree, the server answers the corrected
 * addresses (addressSuggestions, userErrors code address_suggestion); sent
 * again with keepAddresses, the addresses are kept as entered.
 */
export const SetClientDataMutation = graphql(`
  mutation SetClientData($input: ClientDataInput!) {
    setClientData(input: $input) {
      cart {
        ...CartFields
        ...CheckoutCart
      }
      addressSuggestions {
        field
        address {
          title
          firstname
          lastname
          address
          address2
          postalCode
          city
          country
          phoneNumber
          vatNumber
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

/** PlaceOrderMutation places the cart as an order and starts its payment (redirectUrl: the provider's page; null when nothing is left to pay). */
export const PlaceOrderMutation = graphql(`
  mutation PlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      order {
        id
        number
        status
      }
      redirectUrl
      userErrors {
        field
        message
        code
      }
    }
  }
`);

/** TermsSellerQuery names the seller in the terms of sale: the gallery's photographer. */
export const TermsSellerQuery = graphql(`
  query TermsSeller($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      photographer {
        id
        name
        email
        website
        street
        postalCode
        city
        country
      }
    }
  }
`);

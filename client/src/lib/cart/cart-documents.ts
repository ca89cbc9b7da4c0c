import { graphql } from '../../gql';

// The cart calls every shop screen shares. Every mutation answers the cart
// with the same CartFields fragment as the cart query, so that the normalised
// Cart in the cache (it has an id) stays whole whichever call wrote it last:
// the cart page, the badge in the header and the shop screens follow every
// change without refetching. The badge's own calls are in
// cart-badge-documents (in the home's first download), named here too.
export { CartCountQuery, CartGalleryQuery, CartUpdatedSubscription } from './cart-badge-documents';

/** A print or a single digital file in the cart, with what the cart row and the edit screen show. */
export const CartPhotoItemFieldsFragment = graphql(`
  fragment CartPhotoItemFields on CartPhotoItem {
    id
    kind
    photoId
    photo {
      id
      filename
      width
      height
      urls {
        thumbnail
      }
    }
    format {
      id
      name
      kind
      digitalQuality
      category {
        id
      }
    }
    finish
    border
    crop {
      x
      y
      width
      height
    }
    quantity
    unitPrice {
      amount
      currency
    }
    total {
      amount
      currency
    }
    whiteMargin
  }
`);

/** A pack instance (complete or being composed) with the photos chosen for each of its formats. */
export const CartPackFieldsFragment = graphql(`
  fragment CartPackFields on CartPack {
    id
    packInstanceId
    clientPackName
    complete
    remainingPhotos
    unitPrice {
      amount
      currency
    }
    galleryItem {
      id
      pack
      displayName
    }
    formats {
      quantity
      maxPhotos
      selected
      included
      format {
        id
        name
        kind
        digitalQuality
      }
      photos {
        photoId
        quantity
        finish
        border
        crop {
          x
          y
          width
          height
        }
        photo {
          id
          filename
          width
          height
          urls {
            thumbnail
          }
        }
      }
    }
    digitalFiles {
      quantity
      maxPhotos
      selected
      included
      format {
        id
        name
        kind
        digitalQuality
      }
      photos {
        photoId
        quantity
        finish
        border
        crop {
          x
          y
          width
          height
        }
        photo {
          id
          filename
          width
          height
          urls {
            thumbnail
          }
        }
      }
    }
  }
`);

/** CartFieldsFragment is the whole cart: what every cart query and mutation selects. */
export const CartFieldsFragment = graphql(`
  fragment CartFields on Cart {
    id
    version
    itemCount
    cartUpdated
    photosNeedRetouch
    needsDelivery
    photos {
      id
      kind
      photoId
      format {
        id
      }
      ...CartPhotoItemFields
    }
    packs {
      id
      packInstanceId
      galleryItem {
        id
      }
      ...CartPackFields
    }
    ongoingPacks {
      id
      packInstanceId
      galleryItem {
        id
      }
      ...CartPackFields
    }
    allDigitalFileFormats {
      id
      format {
        id
        name
        digitalQuality
      }
      price {
        amount
        currency
      }
      photoCount
    }
    regroupSuggestion {
      pack {
        id
        pack
        displayName
      }
      saving {
        amount
        currency
      }
    }
    shippingProblems {
      cartItemId
      country
      reason
      message
    }
    ...CartVouchers_cart
    ...CartTotals_cart
  }
`);

export const CartQuery = graphql(`
  query Cart($galleryId: ID!) {
    cart(galleryId: $galleryId) {
      ...CartFields
    }
  }
`);

export const CreateOngoingPackMutation = graphql(`
  mutation CreateOngoingPack($input: CreateOngoingPackInput!) {
    createOngoingPack(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const ConfigureOngoingPackMutation = graphql(`
  mutation ConfigureOngoingPack($input: ConfigureOngoingPackInput!) {
    configureOngoingPack(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const RemovePackFormatConfigurationMutation = graphql(`
  mutation RemovePackFormatConfiguration($input: RemovePackFormatInput!) {
    removePackFormatConfiguration(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const DeleteOngoingPackMutation = graphql(`
  mutation DeleteOngoingPack($input: PackInstanceInput!) {
    deleteOngoingPack(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const AddPackMutation = graphql(`
  mutation AddPack($input: AddPackInput!) {
    addPack(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const RemovePackMutation = graphql(`
  mutation RemovePack($input: PackInstanceInput!) {
    removePack(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const EditPackMutation = graphql(`
  mutation EditPack($input: PackInstanceInput!) {
    editPack(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const AddAllGalleryMutation = graphql(`
  mutation AddAllGallery($input: AllGalleryInput!) {
    addAllGallery(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const RemoveAllGalleryMutation = graphql(`
  mutation RemoveAllGallery($input: AllGalleryInput!) {
    removeAllGallery(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const AddDigitalFileMutation = graphql(`
  mutation AddDigitalFile($input: DigitalFileInput!) {
    addDigitalFile(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const RemoveDigitalFileMutation = graphql(`
  mutation RemoveDigitalFile($input: DigitalFileInput!) {
    removeDigitalFile(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const SetPrintMutation = graphql(`
  mutation SetPrint($input: PrintInput!) {
    setPrint(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const RemovePrintMutation = graphql(`
  mutation RemovePrint($input: RemovePrintInput!) {
    removePrint(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const AddVoucherMutation = graphql(`
  mutation AddVoucher($input: VoucherInput!) {
    addVoucher(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const RemoveVoucherMutation = graphql(`
  mutation RemoveVoucher($input: VoucherInput!) {
    removeVoucher(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const RegroupItemsInPackMutation = graphql(`
  mutation RegroupItemsInPack($input: CartGalleryInput!) {
    regroupItemsInPack(input: $input) {
      cart {
        ...CartFields
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

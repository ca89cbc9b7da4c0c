// The studio's codes screen's GraphQL documents (graph/schema/studiocodes.graphql
// and the photographer tools' voucher mutations in photographer.graphql).
import { graphql } from '../../gql';

export const StudioVoucherFragment = graphql(`
  fragment StudioVoucher on Voucher {
    id
    code
    kind
    status
    galleryId
    percentOff
    amountOff {
      amount
      currency
    }
    minSpend {
      amount
      currency
    }
    validFrom
    validUntil
    usageLimit
    perEmailLimit
    timesUsed
    freeShipping
    freeShippingCountries
    giftAmount {
      amount
      currency
    }
    balance {
      amount
      currency
    }
    active
    createdAt
  }
`);

export const StudioVouchersQuery = graphql(`
  query StudioVouchers($search: String, $status: VoucherStatus, $kind: VoucherKind, $galleryId: ID, $galleryScope: VoucherGalleryScope) {
    studioVouchers(search: $search, status: $status, kind: $kind, galleryId: $galleryId, galleryScope: $galleryScope) {
      ...StudioVoucher
    }
  }
`);

export const StudioCodesGalleriesQuery = graphql(`
  query StudioCodesGalleries {
    studioGalleries(first: 100) {
      edges {
        node {
          id
          url
          eventName
        }
      }
    }
  }
`);

export const StudioVoucherLedgerQuery = graphql(`
  query StudioVoucherLedger($voucherId: ID!) {
    studioVoucherLedger(voucherId: $voucherId) {
      amount {
        amount
        currency
      }
      spent {
        amount
        currency
      }
      givenBack {
        amount
        currency
      }
      balance {
        amount
        currency
      }
      entries {
        at
        reason
        amount {
          amount
          currency
        }
        email
        orderId
        orderNumber
      }
    }
  }
`);

export const CreateVoucherMutation = graphql(`
  mutation StudioCreateVoucher($input: CreateVoucherInput!) {
    createVoucher(input: $input) {
      voucher {
        ...StudioVoucher
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CreateGiftCardMutation = graphql(`
  mutation StudioCreateGiftCard($input: CreateGiftCardInput!) {
    createGiftCard(input: $input) {
      voucher {
        ...StudioVoucher
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CreateVoucherBatchMutation = graphql(`
  mutation StudioCreateVoucherBatch($input: CreateVoucherBatchInput!) {
    createVoucherBatch(input: $input) {
      vouchers {
        ...StudioVoucher
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const SetVoucherActiveMutation = graphql(`
  mutation StudioSetVoucherActive($input: UpdateVoucherInput!) {
    updateVoucher(input: $input) {
      voucher {
        ...StudioVoucher
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const DeleteVoucherMutation = graphql(`
  mutation StudioDeleteVoucher($input: DeleteVoucherInput!) {
    deleteVoucher(input: $input) {
      deletedVoucherId
      userErrors {
        field
        message
        code
      }
    }
  }
`);

// The studio's orders screens' GraphQL documents (graph/schema/orders.graphql
// and studioorders.graphql): one place, so that the list, the order's page
// and the live feed share their cache entries.
import { graphql } from '../../gql';

export const StudioOrderRowFragment = graphql(`
  fragment StudioOrderRow on Order {
    id
    number
    status
    email
    createdAt
    deliveryOption
    paymentMethod
    billingAddress {
      firstname
      lastname
    }
    gallery {
      id
      eventName
    }
    totals {
      total {
        amount
        currency
      }
    }
    refunded {
      amount
      currency
    }
  }
`);

export const StudioOrdersQuery = graphql(`
  query StudioOrders(
    $status: [OrderStatus!]
    $galleryId: ID
    $search: String
    $from: Time
    $to: Time
    $paymentMethod: [OrderPaymentMethod!]
    $delivery: [OrderDelivery!]
    $after: Cursor
  ) {
    orders(
      first: 25
      after: $after
      status: $status
      galleryId: $galleryId
      search: $search
      from: $from
      to: $to
      paymentMethod: $paymentMethod
      delivery: $delivery
    ) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          ...StudioOrderRow
        }
      }
    }
    studioOrderSummary(
      status: $status
      galleryId: $galleryId
      search: $search
      from: $from
      to: $to
      paymentMethod: $paymentMethod
      delivery: $delivery
    ) {
      count
      paid {
        amount
        currency
      }
      refunded {
        amount
        currency
      }
    }
  }
`);

export const StudioOrdersGalleriesQuery = graphql(`
  query StudioOrdersGalleries {
    studioGalleries(first: 100) {
      edges {
        node {
          id
          eventName
        }
      }
    }
  }
`);

export const StudioOrderEventsSubscription = graphql(`
  subscription StudioOrderEvents {
    studioOrderEvents {
      id
      ...StudioOrderRow
    }
  }
`);

export const StudioOrderDetailFragment = graphql(`
  fragment StudioOrderDetail on Order {
    id
    number
    status
    email
    createdAt
    paidAt
    inProductionAt
    sentAt
    readyAt
    closedAt
    expiresAt
    trackingNumber
    deliveryOption
    pickupAddress
    paymentMethod
    gallery {
      id
      eventName
    }
    billingAddress {
      ...AddressBlock_address
    }
    shippingAddress {
      ...AddressBlock_address
    }
    lines {
      id
      kind
      description
      quantity
      format
      finish
      border
      crop {
        x
        y
        width
        height
      }
      unitPrice {
        amount
        currency
      }
      total {
        amount
        currency
      }
      photo {
        id
        width
        height
        urls {
          thumbnail
        }
      }
    }
    totals {
      ...OrderTotals_totals
    }
    payments {
      id
      provider
      method
      status
      createdAt
      amount {
        amount
        currency
      }
    }
    refunds {
      id
      status
      createdAt
      amount {
        amount
        currency
      }
    }
    refunded {
      amount
      currency
    }
    refundable {
      amount
      currency
    }
    vouchersUsed {
      code
      kind
      amount {
        amount
        currency
      }
    }
    downloads {
      id
      status
    }
  }
`);

export const StudioOrderQuery = graphql(`
  query StudioOrder($id: ID!) {
    order(id: $id) {
      id
      ...StudioOrderDetail
    }
  }
`);

export const StudioOrderUpdatedSubscription = graphql(`
  subscription StudioOrderUpdated($id: ID!) {
    orderUpdated(id: $id) {
      id
      ...StudioOrderDetail
      ...StudioOrderExtras
    }
  }
`);

export const StudioOrderMarkSentMutation = graphql(`
  mutation StudioOrderMarkSent($id: ID!, $trackingNumber: String) {
    markOrderSent(id: $id, trackingNumber: $trackingNumber) {
      order {
        id
        ...StudioOrderDetail
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const StudioOrderInProductionMutation = graphql(`
  mutation StudioOrderInProduction($id: ID!) {
    markOrderInProduction(id: $id) {
      order {
        id
        ...StudioOrderDetail
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const StudioOrderReadyMutation = graphql(`
  mutation StudioOrderReady($id: ID!) {
    markOrderReadyForPickup(id: $id) {
      order {
        id
        ...StudioOrderDetail
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const StudioOrderCancelMutation = graphql(`
  mutation StudioOrderCancel($id: ID!) {
    cancelOrder(id: $id) {
      order {
        id
        ...StudioOrderDetail
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const StudioOrderRefundMutation = graphql(`
  mutation StudioOrderRefund($id: ID!, $amount: Decimal) {
    refundOrder(id: $id, amount: $amount) {
      order {
        id
        ...StudioOrderDetail
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const StudioOrderResendMutation = graphql(`
  mutation StudioOrderResend($id: ID!) {
    resendOrderDownloads(id: $id) {
      order {
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

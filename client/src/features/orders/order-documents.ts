import { graphql } from '../../gql';

// The order calls of the payment return page. The query and the
// subscription select the same OrderFields, so that the normalised Order in
// the cache stays whole whichever answer wrote it last: the page follows
// the order live by reading the cache.

/** OrderFieldsFragment is an order as the payment return page shows it. */
export const OrderFieldsFragment = graphql(`
  fragment OrderFields on Order {
    id
    number
    status
    email
    paymentMethod
    canPay
    paymentUrl
    expiresAt
    downloads {
      id
      ...DownloadRequestFields
    }
    ...OrderRecap_order
  }
`);

export const OrderQuery = graphql(`
  query Order($id: ID!) {
    order(id: $id) {
      ...OrderFields
    }
  }
`);

/** OrderUpdatedSubscription sends the order each time its status changes (payment settled or failed, sent, ready for pickup). */
export const OrderUpdatedSubscription = graphql(`
  subscription OrderUpdated($id: ID!) {
    orderUpdated(id: $id) {
      ...OrderFields
    }
  }
`);

import { graphql } from '../../gql';

export const StudioPrintSheetFragment = graphql(`
  fragment StudioPrintSheet on PrintSheet {
    id
    status
    filesDone
    filesTotal
    sizeBytes
    url
    error
    createdAt
    expiredAt
  }
`);

/**
 * The order page's extras: its print sheets and the e-mails sent. They are
 * kept out of the order's own query, and come with every update of the
 * order (StudioOrderUpdated), whose topic also hears each e-mail recorded and
 * each step of a sheet being prepared.
 */
export const StudioOrderExtrasFragment = graphql(`
  fragment StudioOrderExtras on Order {
    printSheets {
      ...StudioPrintSheet
    }
    emailsSent {
      kind
      recipient
      subject
      sentAt
    }
  }
`);

export const StudioOrderExtrasQuery = graphql(`
  query StudioOrderExtras($id: ID!) {
    order(id: $id) {
      id
      ...StudioOrderExtras
    }
  }
`);

export const StudioPreparePrintSheetMutation = graphql(`
  mutation StudioPreparePrintSheet($orderId: ID!) {
    preparePrintSheet(orderId: $orderId) {
      printSheet {
        ...StudioPrintSheet
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

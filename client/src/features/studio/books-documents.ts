// The studio's books (graph/schema/studiobooks.graphql): the dashboard's
// figures and the legal details printed on invoices.
import { graphql } from '../../gql';

export const StudioBooksDashboardQuery = graphql(`
  query StudioBooksDashboard($from: String!, $to: String!) {
    studioBooks(from: $from, to: $to) {
      from
      to
      revenue {
        amount
        currency
      }
      orders
      averageOrder {
        amount
        currency
      }
      uniqueBuyers
      visits
      conversion
      byDay {
        period
        revenue {
          amount
          currency
        }
        orders
      }
      byWeek {
        period
        revenue {
          amount
          currency
        }
        orders
      }
      byMonth {
        period
        revenue {
          amount
          currency
        }
        orders
      }
      byGallery {
        galleryId
        title
        revenue {
          amount
          currency
        }
        orders
        visits
        conversion
      }
      byProduct {
        kind
        format
        revenue {
          amount
          currency
        }
        quantity
      }
      topPhotos {
        photoId
        filename
        galleryId
        revenue {
          amount
          currency
        }
        quantity
      }
    }
  }
`);

export const StudioBooksLegalQuery = graphql(`
  query StudioBooksLegal {
    studioLegalDetails {
      legalName
      address
      vatNumber
      companyNumber
    }
  }
`);

export const StudioBooksUpdateLegalMutation = graphql(`
  mutation StudioBooksUpdateLegal($input: StudioLegalDetailsInput!) {
    updateStudioLegalDetails(input: $input) {
      legalDetails {
        legalName
        address
        vatNumber
        companyNumber
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

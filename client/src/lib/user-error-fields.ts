import { graphql } from '../gql';

/**
 * UserErrorFieldsFragment is a user error as every mutation payload answers it
 * (STYLE §8: the field it concerns, the text to show, a stable code). The
 * payloads spread it (`userErrors { ...UserErrorFields }`); read it with
 * getFragmentData(UserErrorFieldsFragment, payload.userErrors).
 */
export const UserErrorFieldsFragment = graphql(`
  fragment UserErrorFields on UserError {
    field
    message
    code
  }
`);

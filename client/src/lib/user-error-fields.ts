import { graphql } from '../gql';

/**
 * UserErrorFieldsFragment is a user error of the selections and the album as
 * their payloads answer it (STYLE §8: the field it concerns, the text to
 * show, a stable code: SelectionErrorCode). The payloads spread it
 * (`userErrors { ...UserErrorFields }`); read it with
 * getFragmentData(UserErrorFieldsFragment, payload.userErrors).
 */
export const UserErrorFieldsFragment = graphql(`
  fragment UserErrorFields on SelectionError {
    field
    message
    code
  }
`);

/** DownloadErrorFieldsFragment is the same for download requests (DownloadErrorCode). */
export const DownloadErrorFieldsFragment = graphql(`
  fragment DownloadErrorFields on DownloadError {
    field
    message
    code
  }
`);

// The GraphQL documents of « Réglages du compte »'s passkeys and API
// tokens and of the passkey sign-in (graph/schema/passkeys.graphql).
import { graphql } from '../../gql';

export const StudioAccountPasskeysQuery = graphql(`
  query StudioAccountPasskeys {
    studioPasskeys {
      id
      name
      createdAt
      lastUsedAt
    }
  }
`);

export const StudioAccountBeginRegistrationMutation = graphql(`
  mutation StudioAccountBeginPasskeyRegistration {
    beginPasskeyRegistration {
      optionsJSON
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const StudioAccountFinishRegistrationMutation = graphql(`
  mutation StudioAccountFinishPasskeyRegistration($input: FinishPasskeyRegistrationInput!) {
    finishPasskeyRegistration(input: $input) {
      passkey {
        id
        name
        createdAt
        lastUsedAt
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const StudioAccountDeletePasskeyMutation = graphql(`
  mutation StudioAccountDeletePasskey($input: DeletePasskeyInput!) {
    deletePasskey(input: $input) {
      deletedPasskeyId
    }
  }
`);

export const StudioAccountBeginSignInMutation = graphql(`
  mutation StudioAccountBeginPasskeySignIn {
    beginPasskeySignIn {
      optionsJSON
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const StudioAccountFinishSignInMutation = graphql(`
  mutation StudioAccountFinishPasskeySignIn($input: FinishPasskeySignInInput!) {
    finishPasskeySignIn(input: $input) {
      photographer {
        id
        name
        email
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const StudioAccountTokensQuery = graphql(`
  query StudioAccountApiTokens {
    studioApiTokens {
      id
      name
      prefix
      createdAt
      lastUsedAt
      revokedAt
    }
  }
`);

export const StudioAccountCreateTokenMutation = graphql(`
  mutation StudioAccountCreateApiToken($input: CreateApiTokenInput!) {
    createApiToken(input: $input) {
      token
      apiToken {
        id
        name
        prefix
        createdAt
        lastUsedAt
        revokedAt
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const StudioAccountRevokeTokenMutation = graphql(`
  mutation StudioAccountRevokeApiToken($input: RevokeApiTokenInput!) {
    revokeApiToken(input: $input) {
      apiToken {
        id
        revokedAt
      }
    }
  }
`);

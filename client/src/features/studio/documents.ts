// The studio's GraphQL documents (graph/schema/studio.graphql and the
// photographer tools of photographer.graphql): one place, so that the
// screens share their cache entries.
import { graphql } from '../../gql';

export const ViewerPhotographerQuery = graphql(`
  query StudioViewer {
    viewerPhotographer {
      id
      name
      email
    }
  }
`);

export const RequestStudioCodeMutation = graphql(`
  mutation RequestStudioCode($input: RequestStudioCodeInput!) {
    requestStudioCode(input: $input) {
      email
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const SignInWithCodeMutation = graphql(`
  mutation SignInWithCode($input: SignInWithCodeInput!) {
    signInWithCode(input: $input) {
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

export const SignOutMutation = graphql(`
  mutation StudioSignOut($input: SignOutInput!) {
    signOut(input: $input) {
      endedSessions
    }
  }
`);

export const StudioGalleriesQuery = graphql(`
  query StudioGalleries($search: String, $orderBy: GalleryOrder) {
    studioGalleries(first: 100, search: $search, orderBy: $orderBy) {
      totalCount
      edges {
        node {
          id
          ...StudioGalleryRow
        }
      }
    }
  }
`);

export const StudioGallerySettingsQuery = graphql(`
  query StudioGallerySettings($id: ID!) {
    node(id: $id) {
      __typename
      ... on Gallery {
        id
        url
        eventName
        eventDateString
        published
        accessPolicy {
          isPublic
          needEmail
          hasClients
        }
        accessCodes {
          id
          code
          kind
          revokedAt
        }
      }
    }
  }
`);

export const CreateGalleryMutation = graphql(`
  mutation StudioCreateGallery($input: CreateGalleryInput!) {
    createGallery(input: $input) {
      gallery {
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

export const UpdateGalleryMutation = graphql(`
  mutation StudioUpdateGallery($input: UpdateGalleryInput!) {
    updateGallery(input: $input) {
      gallery {
        id
        url
        eventName
        eventDateString
        published
        accessPolicy {
          isPublic
          needEmail
          hasClients
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

export const DeleteGalleryMutation = graphql(`
  mutation StudioDeleteGallery($input: DeleteGalleryInput!) {
    deleteGallery(input: $input) {
      deletedGalleryId
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const CreateAccessCodeMutation = graphql(`
  mutation StudioCreateAccessCode($input: CreateAccessCodeInput!) {
    createAccessCode(input: $input) {
      accessCode {
        id
        code
        kind
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

export const RevokeAccessCodeMutation = graphql(`
  mutation StudioRevokeAccessCode($input: RevokeAccessCodeInput!) {
    revokeAccessCode(input: $input) {
      accessCode {
        id
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

export const CreatePreviewLinkMutation = graphql(`
  mutation StudioPreviewLink($input: CreatePreviewLinkInput!) {
    createPreviewLink(input: $input) {
      url
      userErrors {
        field
        message
        code
      }
    }
  }
`);

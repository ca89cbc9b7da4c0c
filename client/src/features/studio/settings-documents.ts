// The documents of the gallery settings' sections (graph/schema/gallerysettings.graphql
// and updateGallery's settings): the gallery's look, messages, features and status.
import { graphql } from '../../gql';

export const StudioGallerySettingsDetailsFragment = graphql(`
  fragment StudioGallerySettingsDetails on Gallery {
    id
    url
    published
    status
    archivedAt
    expiresAt
    expired
    language
    shopEnabled
    showFilename
    hideSaleEmphasis
    lightenHomepage
    theme {
      theme
      variant
      photosLayout
      photosGap {
        value
      }
      colorTheme {
        colors {
          primary
          secondary
          light
          accent
        }
      }
    }
    album {
      activated
      maxPhotos
    }
    music {
      active
      trackId
    }
    downloadInformation {
      freeDownload
      clientsOnly
      qualities
      message
    }
    welcomePopupConfig {
      mode
      messageForClients
      messageForVisitors
      translations {
        language
        messageForClients
        messageForVisitors
      }
    }
    accessPolicy {
      isPublic
      needEmail
      hasClients
    }
  }
`);

export const StudioGallerySettingsDetailsQuery = graphql(`
  query StudioGallerySettingsDetails($id: ID!) {
    node(id: $id) {
      __typename
      ... on Gallery {
        id
        ...StudioGallerySettingsDetails
      }
    }
    studioMusicTracks {
      id
      title
      artist
    }
  }
`);

export const StudioUpdateGallerySettingsMutation = graphql(`
  mutation StudioUpdateGallerySettings($input: UpdateGalleryInput!) {
    updateGallery(input: $input) {
      gallery {
        id
        ...StudioGallerySettingsDetails
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const StudioSetGalleryMusicMutation = graphql(`
  mutation StudioSetGalleryMusic($input: SetGalleryMusicInput!) {
    setGalleryMusic(input: $input) {
      gallery {
        id
        music {
          active
          trackId
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

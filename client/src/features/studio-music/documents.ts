// The music library's documents (graph/schema/studiomusic.graphql).
import { graphql } from '../../gql';

export const StudioMusicTrackFragment = graphql(`
  fragment StudioMusicTrackItem on StudioMusicTrack {
    contentType
    sizeBytes
    track {
      id
      title
      artist
      durationSeconds
      url
    }
    usedBy {
      id
      eventName
    }
  }
`);

export const StudioMusicQuery = graphql(`
  query StudioMusic {
    studioMusic {
      track {
        id
      }
      ...StudioMusicTrackItem
    }
  }
`);

export const UploadMusicTrackMutation = graphql(`
  mutation UploadMusicTrack($input: UploadMusicTrackInput!) {
    uploadMusicTrack(input: $input) {
      track {
        track {
          id
        }
        ...StudioMusicTrackItem
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const RenameMusicTrackMutation = graphql(`
  mutation RenameMusicTrack($input: RenameMusicTrackInput!) {
    renameMusicTrack(input: $input) {
      track {
        track {
          id
        }
        ...StudioMusicTrackItem
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export const DeleteMusicTrackMutation = graphql(`
  mutation DeleteMusicTrack($input: DeleteMusicTrackInput!) {
    deleteMusicTrack(input: $input) {
      deletedTrackId
      userErrors {
        field
        message
        code
      }
    }
  }
`);

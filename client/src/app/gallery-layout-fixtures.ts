// Test data shared by the layout's tests: the shell query's answer, as the
// server would send it (with __typename).
import type { MockLink } from '@apollo/client/testing';
import { accessPolicy, authState, GALLERY_ID } from '../features/access/access-fixtures';
import { GalleryShellQuery } from './gallery-layout';

/** ShellOptions: the access state and policy (open, protected by default), and the preview hash the query must carry. */
export interface ShellOptions {
  auth?: ReturnType<typeof authState>;
  policy?: ReturnType<typeof accessPolicy>;
  previewHash?: string;
  maxUsageCount?: number;
}

/**
 * shell answers the layout's query for the gallery at `url`: black primary,
 * dark grey secondary, red accent, an unreadable light colour, a 6 px gap.
 */
export function shell(url: string, { auth = authState({ accessCodeAuthorized: true }), policy = accessPolicy(), previewHash, maxUsageCount }: ShellOptions = {}): MockLink.MockedResponse {
  return {
    request: { query: GalleryShellQuery, variables: previewHash ? { url, previewHash } : { url } },
    maxUsageCount,
    result: {
      data: {
        gallery: {
          __typename: 'Gallery' as const,
          id: GALLERY_ID,
          url,
          eventName: 'Mariage de Julie & Thomas',
          eventDateString: '2026-06-20',
          language: 'fr',
          auth,
          accessPolicy: policy,
          welcomePopupConfig: null,
          music: { __typename: 'Music' as const, active: false, track: null },
          // The access screen's cover, the download offer and the clients' album, which the shell brings along.
          coverPhotoPosition: 'center',
          photographer: { __typename: 'Photographer' as const, id: 'pg1', name: 'Studio Lumière' },
          coverPhoto: null,
          collectionNames: [] as string[],
          downloadInformation: { __typename: 'DownloadInformation' as const, freeDownload: false, clientsOnly: false, qualities: [] as string[], message: '' },
          albumSelection: null,
          theme: {
            __typename: 'GalleryTheme' as const,
            theme: 'classic',
            variant: 'light',
            photosGap: { __typename: 'PhotosGap' as const, value: 6 },
            colorTheme: {
              __typename: 'ColorTheme' as const,
              colors: { __typename: 'ThemeColors' as const, primary: '#000000', secondary: '#333333', accent: '#ff0000', light: 'not-a-colour' },
            },
          },
        },
      },
    },
  };
}

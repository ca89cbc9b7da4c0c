// Test data shared by the access tests (and the layout's): cache-shaped
// answers with their __typename, as the server would send them.
import type { MockLink } from '@apollo/client/testing';
import { AccessCodePageQuery } from './access-code-page';
import type { AuthFields } from './access-auth';

/** GALLERY_ID is the id of the fixture gallery; its address is given per test. */
export const GALLERY_ID = 'gal_1';

/** authState is an AuthState answer: a visitor without access unless overridden. */
export function authState(overrides: Partial<AuthFields> = {}) {
  return {
    __typename: 'AuthState' as const,
    accessCodeAuthorized: false,
    isClient: false,
    isPhotographer: false,
    accessEmail: null as string | null,
    connectedAs: 'visitor',
    needEmail: false,
    readOnly: false,
    ...overrides,
  };
}

/** accessPolicy is an AccessPolicy answer: protected, no e-mail, no clients unless overridden. */
export function accessPolicy(overrides: Partial<{ isPublic: boolean; needEmail: boolean; hasClients: boolean }> = {}) {
  return { __typename: 'AccessPolicy' as const, isPublic: false, needEmail: false, hasClients: false, ...overrides };
}

/** userError is an AccessError answer. */
export function userError(code: string, message: string, field: string[] = ['code']) {
  return { __typename: 'AccessError' as const, field, message, code };
}

/** accessPageData is the access screen's query answer. */
export function accessPageData({ authorized = false, hasClients = true } = {}) {
  return {
    gallery: {
      __typename: 'Gallery' as const,
      id: GALLERY_ID,
      eventName: 'Mariage de Julie & Thomas',
      eventDateString: '2026-06-20',
      coverPhotoPosition: 'center',
      photographer: { __typename: 'Photographer' as const, id: 'pg1', name: 'Studio Lumière' },
      coverPhoto: null,
      accessPolicy: { __typename: 'AccessPolicy' as const, hasClients },
      auth: { __typename: 'AuthState' as const, accessCodeAuthorized: authorized },
    },
  };
}

/** accessPageMock answers the access screen's query (sent with `previewHash` when given). */
export function accessPageMock(url: string, { previewHash, ...options }: { authorized?: boolean; hasClients?: boolean; previewHash?: string } = {}): MockLink.MockedResponse {
  return { request: { query: AccessCodePageQuery, variables: previewHash ? { url, previewHash } : { url } }, result: { data: accessPageData(options) } };
}

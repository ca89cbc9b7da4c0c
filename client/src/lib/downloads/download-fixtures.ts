// Test data shared by the download tests: cache-shaped answers with their
// __typename, as the server would send them.
import { ApolloLink } from '@apollo/client';
import { MockLink, MockSubscriptionLink } from '@apollo/client/testing';
import { OperationTypeNode } from 'graphql';
import type { DownloadOffer } from '../../components/downloads/download-dialog';
import { RequestDownloadMutation } from './download-request-documents';

/** GALLERY_ID is the API id of the fixture gallery. */
export const GALLERY_ID = 'gal_1';

/** offer is what the gala lets everyone download: three collections, web and HD. */
export function offer(over: Partial<DownloadOffer> = {}): DownloadOffer {
  return {
    galleryId: GALLERY_ID,
    collections: ['Accueil', 'Spectacle', 'Soirée'],
    qualities: ['web', 'hd'],
    message: 'Offert par l’école : téléchargez les photos du gala.',
    email: '',
    ...over,
  };
}

type Status = 'submitted' | 'preparing' | 'ready' | 'failed';

/** downloadRequest is a DownloadRequest answer (DownloadRequestFields): just submitted unless told. */
export function downloadRequest(
  over: Partial<{ id: string; status: Status; quality: 'web' | 'hd'; email: string; filesDone: number; filesTotal: number; links: string[]; expiresAt: string | null; mailedAt: string | null }> = {},
) {
  return {
    __typename: 'DownloadRequest' as const,
    id: 'dl_1',
    status: 'submitted' as Status,
    quality: 'web' as 'web' | 'hd',
    email: 'camille@example.com',
    filesDone: 0,
    filesTotal: 0,
    links: [] as string[],
    expiresAt: null as string | null,
    mailedAt: null as string | null,
    ...over,
  };
}

/** userError is a DownloadError answer. */
export function userError(code: string, message: string, field: string[] | null = null) {
  return { __typename: 'DownloadError' as const, field, message, code };
}

/** RequestInput is the requestDownload input the dialog sends. */
export interface RequestInput {
  galleryId: string;
  email: string;
  collections: string[];
  quality: 'web' | 'hd';
  emailConfirmed: boolean;
}

/** requestMock answers one requestDownload call with exactly this input. */
export function requestMock(input: RequestInput, answer: { request?: ReturnType<typeof downloadRequest> | null; userErrors?: Array<ReturnType<typeof userError>> }): MockLink.MockedResponse {
  return {
    request: { query: RequestDownloadMutation, variables: { input } },
    result: {
      data: {
        requestDownload: { __typename: 'DownloadRequestPayload', request: answer.request ?? null, userErrors: answer.userErrors ?? [] },
      },
    },
  };
}

/**
 * testLinks sends queries and mutations to `mocks` and subscriptions to a
 * MockSubscriptionLink, whose simulateResult pushes the server's updates.
 */
export function testLinks(mocks: MockLink.MockedResponse[]) {
  const subscriptions = new MockSubscriptionLink();
  const link = ApolloLink.split((op) => op.operationType === OperationTypeNode.SUBSCRIPTION, subscriptions, new MockLink(mocks));
  return { link, subscriptions };
}

/** update is a downloadRequestUpdated event. */
export function update(request: ReturnType<typeof downloadRequest>) {
  return { result: { data: { downloadRequestUpdated: request } } };
}

import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n';

/** AppProviders gives the tree its Apollo client and translations. */
export function AppProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </ApolloProvider>
  );
}

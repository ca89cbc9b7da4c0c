import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApolloClient } from './app/apollo-client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/app-router';
import { AppRoutes } from './app/router';
import './app/global.css';

const client = createApolloClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders client={client}>
      <AppRouter>
        <AppRoutes />
      </AppRouter>
    </AppProviders>
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createApolloClient } from './app/apollo-client';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import './app/global.css';

const client = createApolloClient();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

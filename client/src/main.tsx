import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApolloClient } from './lib/apollo-client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/app-router';
import { AppRoutes } from './app/router';
import { FIRST_RENDER_WAIT_MS, prefetchOpeningScreen, restoreOpeningData } from './app/prefetch';
import { languageReady } from './lib/i18n';
import './app/global.css';

const client = createApolloClient();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders client={client}>
        <AppRouter>
          <AppRoutes />
        </AppRouter>
      </AppProviders>
    </StrictMode>,
  );
}

// The answers the page brought (its first data, lib/first-data.ts) go into
// the cache first: the opening screen's queries then find them there.
restoreOpeningData(client);

// The opening screen's queries leave now (those not answered by the page); the first render waits for their
// answers (at most FIRST_RENDER_WAIT_MS), so that it draws them all in one
// pass instead of one render per answer (docs/performance.md). A Dutch or
// English visitor's first render also waits for their catalogue (lib/i18n.ts).
const opening = prefetchOpeningScreen(client, window.location.pathname, window.location.search);
void Promise.all([Promise.race([opening, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]), languageReady]).then(render);

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createApolloClient } from './lib/apollo-client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/app-router';
import { AppRoutes } from './app/router';
import { FIRST_RENDER_WAIT_MS, nextTask, prefetchOpeningScreen, restoreOpeningData } from './app/prefetch';
import { languageReady } from './lib/i18n';
import './app/global.css';

const client = createApolloClient();

// The first render is a transition: React draws it in slices of a few
// milliseconds, giving the main thread back between them (a phone's taps,
// the images arriving), and shows it whole when it is done (issue 22,
// docs/performance.md: one task of 1.5 s on a slow phone before).
function render() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders client={client}>
          <AppRouter>
            <AppRoutes />
          </AppRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
}

// Each step is a task of its own, after the libraries' evaluation: the
// answers the page brought (its first data, lib/first-data.ts) go into the
// cache, the shell's then the home's, then the opening screen's queries read
// them there or leave (those not answered by the page). The first render
// waits for their answers (at most FIRST_RENDER_WAIT_MS), so that it draws
// them all in one pass instead of one render per answer
// (docs/performance.md). A Dutch or English visitor's first render also
// waits for their catalogue (lib/i18n.ts).
void restoreOpeningData(client)
  .then(nextTask)
  .then(() => {
    const opening = prefetchOpeningScreen(client, window.location.pathname, window.location.search);
    return Promise.all([Promise.race([opening, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]), languageReady]);
  })
  .then(render);

import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType, type Navigator } from 'react-router';

/**
 * AppRouter is React Router's declarative browser router, as <BrowserRouter>
 * (docs/performance.md: the data router's loaders, actions and fetchers
 * are not used here and weigh 17 KB gzipped), with the one behaviour of the
 * data router the app relies on: a navigation asked with `flushSync` is
 * rendered at once (logging out leaves the guarded screens before the store
 * is reset); every other navigation renders in a transition, so the screen
 * on display stays until the next one (a lazy one included) is ready.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [{ history, navigator, takeFlush }] = useState(browserNavigation);
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({ action: history.action, location: history.location }));

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const next = { action, location };
        if (takeFlush()) flushSync(() => setState(next));
        else startTransition(() => setState(next));
      }),
    [history, takeFlush],
  );

  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}

/**
 * browserNavigation makes the router's history and the navigator handed to
 * <Router>; takeFlush tells, once, whether the last navigation asked for
 * flushSync.
 */
function browserNavigation() {
  const history = createBrowserHistory({ v5Compat: true });
  let flush = false;
  const navigator: Navigator = {
    createHref: history.createHref,
    createURL: history.createURL,
    encodeLocation: history.encodeLocation,
    go: history.go,
    push(to, state, opts) {
      flush = opts?.flushSync === true;
      history.push(to, state);
    },
    replace(to, state, opts) {
      flush = opts?.flushSync === true;
      history.replace(to, state);
    },
  };
  const takeFlush = () => {
    const asked = flush;
    flush = false;
    return asked;
  };
  return { history, navigator, takeFlush };
}

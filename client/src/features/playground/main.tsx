import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PlaygroundPage } from './playground-page';
import './playground.css';

// The entry of playground.html, built apart from the guests' app
// (vite.playground.config.ts).

// The page's Content-Security-Policy allows no inline style but the ones
// with the nonce the server gives this page (server/photographer.go).
// GraphiQL's dialogs and menus lock the page's scroll with a <style> element
// (react-remove-scroll), which takes its nonce from webpack's global.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <PlaygroundPage />
  </StrictMode>,
);

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import './test-language';
import { loadStrings } from './lib/i18n';

// Components are tested on their own, not through the lazy screens that load
// the parts of the catalogue they speak (lib/i18n.ts): every part is there.
await loadStrings('guest', 'studio');

// jsdom does not scroll; the router's scroll restoration and anchors call these.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

// jsdom has <dialog> but not its modal half (components/ui/modal.tsx). These
// follow the HTML standard's steps that the tests go through: showModal()
// opens, close() closes and fires close, and Escape is a close request (a
// cancelable cancel event on the topmost open dialog, then close unless
// cancelled). Capture phase: the dialog's content stops Escape from
// reaching the page behind it.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape') return;
      const top = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')].pop();
      if (top && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
    },
    true,
  );
}

// Screens other than the gallery home load on demand (React.lazy in
// app/router.tsx); in tests their module is transformed on first use, which
// can take more than findBy's default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

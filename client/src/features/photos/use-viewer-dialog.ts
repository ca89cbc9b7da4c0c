// The viewer as a modal dialog: the focus inside it, Tab kept there, the
// page behind it locked, and its keys.
import { useApolloClient } from '@apollo/client/react';
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { fitBox, parseSrcSet, rememberLoaded, sourceWidth, viewerSizes } from '../../lib/image-sources';
import { PhotoNodeQuery } from './photo-documents';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** useModalDialog moves the focus into the dialog, keeps Tab inside it (trapTab) and locks the page behind it. */
export function useModalDialog() {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (dialog.current && !dialog.current.contains(document.activeElement)) dialog.current.focus();
  }, []);
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
  const trapTab = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const root = dialog.current;
    if (event.key !== 'Tab' || !root || !root.contains(event.target as Node)) return;
    const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === root)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return { dialog, trapTab };
}

/** ViewerKeys are what the arrows and Escape do on the photo on screen. */
export interface ViewerKeys {
  goPrevious: () => void;
  goNext: () => void;
  close: () => void;
  playing: boolean;
  pause: () => void;
}

/**
 * useViewerKeys binds the arrows and Escape. The handlers are swapped in
 * the same commit as the photo (a layout effect), so that a key pressed as
 * soon as the next photo shows does not run the previous photo's handlers
 * (a passive effect would re-bind them only after the paint).
 */
export function useViewerKeys(keys: ViewerKeys) {
  const handlers = useRef(keys);
  useLayoutEffect(() => {
    handlers.current = keys;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const h = handlers.current;
      if (event.key === 'ArrowLeft') h.goPrevious();
      else if (event.key === 'ArrowRight') h.goNext();
      else if (event.key === 'Escape') {
        // Escape stops a playing slideshow first.
        if (h.playing) h.pause();
        else h.close();
      } else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** useWarmNeighbours loads the details and the screen's file of the photos before and after, for an instant move. */
export function useWarmNeighbours(previousId: string | undefined, nextId: string | undefined) {
  const client = useApolloClient();
  useEffect(() => {
    for (const id of [nextId, previousId]) {
      if (!id) continue;
      client
        .query({ query: PhotoNodeQuery, variables: { photoId: id }, context: { silentErrors: true } })
        .then((result) => {
          const node = result.data?.node as { width?: number; height?: number; urls?: { viewer?: string; srcSet?: string } } | null | undefined;
          if (!node?.urls?.viewer) return;
          // The file this screen will show (srcset and sizes), not the largest.
          const img = new Image();
          const box = fitBox(node.width ?? 0, node.height ?? 0, window.innerWidth, window.innerHeight);
          if (node.urls.srcSet && box.width > 0) {
            img.sizes = viewerSizes(box.width);
            img.srcset = node.urls.srcSet;
          }
          img.onload = () => {
            const url = img.currentSrc || img.src;
            rememberLoaded(id, { url, width: sourceWidth(parseSrcSet(node.urls?.srcSet), url) || img.naturalWidth, ratio: img.naturalHeight ? img.naturalWidth / img.naturalHeight : 0 });
          };
          img.src = node.urls.viewer;
        })
        .catch(() => undefined);
    }
  }, [client, nextId, previousId]);
}

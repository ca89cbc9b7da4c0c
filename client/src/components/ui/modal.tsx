import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import styles from './modal.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('hidden'));
}

/** ModalProps: the title names the dialog; onClose runs on Escape, the close button and a click outside. */
export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Text under the title, read with it (aria-describedby). */
  description?: ReactNode;
  size?: 'small' | 'medium';
}

/**
 * Modal is the native <dialog> opened with showModal(): the browser puts it
 * in the top layer over the page, makes the rest of the page inert, closes
 * it on Escape (the cancel event, handed to onClose so that the owner
 * unmounts it) and draws the ::backdrop. On top of that: focus moves inside
 * on open (the first field, else the first control), Tab wraps around inside
 * it, a press outside the panel closes, and focus goes back to where it was
 * on close.
 */
export function Modal({ title, onClose, children, description, size = 'small' }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Drawn in document.body, out of the gallery shell: it takes the shell's
  // theme (data-theme) so that its title is in the page's font.
  const [theme] = useState(() => document.querySelector('[data-theme]')?.getAttribute('data-theme') ?? undefined);

  // In the commit that shows the dialog (a layout effect): no frame is drawn
  // with the focus still behind it, and a key pressed at once lands inside.
  useLayoutEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = dialog.current;
    if (root && !root.open) root.showModal();
    const inner = panel.current;
    if (inner) {
      const field = inner.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled]), select:not([disabled])');
      (field ?? focusables(inner).find((el) => !el.dataset.modalClose) ?? inner).focus();
    }
    // Unmounting removes the dialog, which takes it out of the top layer.
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // The browser closes the dialog (cancel, above); the screen behind it
      // (the photo view's Escape) is not told.
      event.stopPropagation();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusables(panel.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <dialog
      ref={dialog}
      className={styles.dialog}
      data-theme={theme}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape: the owner closes (unmounts) the dialog, the browser does not.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Chrome does not let a page cancel Escape twice without a user action
      // in between: it closes the dialog itself, and the owner follows.
      onClose={() => onClose()}
      // The dialog box itself is only the backdrop around the panel.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={panel} className={`${styles.panel} ${styles[size]}`} tabIndex={-1} onKeyDown={onKeyDown}>
        <button type="button" className={`icon-button ${styles.close}`} aria-label={t('common.close')} title={t('common.close')} onClick={() => onClose()} data-modal-close="true">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className={styles.description}>
            {description}
          </div>
        )}
        {children}
      </div>
    </dialog>,
    document.body,
  );
}

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
 * Modal is an accessible dialog drawn over the page: role dialog with
 * aria-modal, focus moved inside on open (the first field, else the first
 * control) and kept there with Tab, Escape closes, and focus goes back to
 * where it was on close.
 */
export function Modal({ title, onClose, children, description, size = 'small' }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // Drawn in document.body, out of the gallery shell: it takes the shell's
  // theme (data-theme) so that its title is in the page's font.
  const [theme] = useState(() => document.querySelector('[data-theme]')?.getAttribute('data-theme') ?? undefined);

  // In the commit that shows the dialog (a layout effect): no frame is drawn
  // with the focus still behind it, and a key pressed at once lands inside.
  useLayoutEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    if (root) {
      const field = root.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled]), select:not([disabled])');
      (field ?? focusables(root).find((el) => !el.dataset.modalClose) ?? root).focus();
    }
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close.current();
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
    <div
      className={styles.backdrop}
      data-theme={theme}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close.current();
      }}
    >
      <div
        ref={panel}
        className={`${styles.panel} ${styles[size]}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <button type="button" className={`icon-button ${styles.close}`} aria-label={t('common.close')} title={t('common.close')} onClick={() => close.current()} data-modal-close="true">
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
    </div>,
    document.body,
  );
}

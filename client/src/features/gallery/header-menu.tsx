import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './gallery-header.module.css';

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/**
 * HeaderMenu is the header's disclosure of secondary actions (account, album,
 * share, selections, music): a « Menu » button (aria-expanded) opens a panel
 * under it; Escape, a click outside or choosing an action closes it, and
 * Escape gives the focus back to the button. The panel stays in the document
 * while closed (hidden), so what its actions opened (their dialogs are
 * portals) and the music player keep running.
 */
export function HeaderMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (root.current && e.target instanceof Node && !root.current.contains(e.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className={styles.menu} ref={root}>
      <button
        ref={trigger}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('nav.menu')}
        title={t('nav.menu')}
        onClick={() => setOpen((v) => !v)}
      >
        <MenuIcon />
      </button>
      <div
        id={panelId}
        className={styles.menuPanel}
        hidden={!open}
        onClick={(e) => {
          // Choosing an action closes the menu (what it opens is a dialog of its own).
          if (e.target instanceof Element && e.target.closest('button, a')) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}

import styles from './spinner.module.css';

/** Spinner is a busy indicator with an accessible label. */
export function Spinner({ label, block = false }: { label: string; block?: boolean }) {
  return (
    <div className={block ? styles.block : styles.inline} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={block ? styles.text : 'visually-hidden'}>{label}</span>
    </div>
  );
}

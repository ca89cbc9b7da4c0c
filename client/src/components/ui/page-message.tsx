import type { ReactNode } from 'react';
import styles from './page-message.module.css';

/** PageMessage is a centred card with a title, a text and actions: empty states, 404, notices. */
export function PageMessage({
  title,
  children,
  actions,
  icon,
  tone = 'neutral',
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  icon?: ReactNode;
  tone?: 'neutral' | 'error';
}) {
  return (
    <div className={styles.wrapper}>
      <div className={`${styles.card} ${tone === 'error' ? styles.error : ''}`}>
        {icon && (
          <div className={styles.icon} aria-hidden="true">
            {icon}
          </div>
        )}
        <h1 className={styles.title}>{title}</h1>
        {children && <div className={styles.body}>{children}</div>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </div>
  );
}

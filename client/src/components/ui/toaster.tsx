import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications as appStore, type Notification, type NotificationPosition, type NotificationStore } from '../../lib/notification-store';
import styles from './toaster.module.css';

const ICONS: Record<Notification['type'], string> = {
  success: '✓',
  error: '!',
  warning: '!',
  info: 'i',
  ongoing: '',
};

function Toast({ item, store }: { item: Notification; store: NotificationStore }) {
  const { t } = useTranslation();
  const urgent = item.type === 'error' || item.type === 'warning';
  return (
    <div
      className={`${styles.toast} ${styles[item.type]} ${item.leaving ? styles.leaving : ''}`}
      role={urgent ? 'alert' : 'status'}
      data-type={item.type}
    >
      <span className={styles.icon} aria-hidden="true">
        {item.type === 'ongoing' ? <span className={styles.spinner} /> : ICONS[item.type]}
      </span>
      <p className={styles.message}>{item.message}</p>
      {item.actions.length > 0 && (
        <div className={styles.actions}>
          {item.actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={styles.action}
              onClick={() => {
                action.onClick();
                if (action.dismiss !== false) store.dismiss(item.id);
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
      <button type="button" className={styles.close} aria-label={t('notifications.dismiss')} onClick={() => store.dismiss(item.id)}>
        ×
      </button>
    </div>
  );
}

/** Toaster renders the toasts of a store (the application's by default) at the top and bottom of the screen. */
export function Toaster({ store = appStore }: { store?: NotificationStore }) {
  const { t } = useTranslation();
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const positions: NotificationPosition[] = ['top', 'bottom'];
  return (
    <>
      {positions.map((position) => (
        <section key={position} className={`${styles.region} ${styles[position]}`} aria-label={t(position === 'top' ? 'notifications.region' : 'notifications.regionBottom')}>
          {items
            .filter((n) => n.position === position)
            .map((n) => (
              <Toast key={n.id} item={n} store={store} />
            ))}
        </section>
      ))}
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endOfDay, expiryDateValue } from './settings-values';
import { useSaveSettings } from './use-save-settings';
import studio from './studio.module.css';
import styles from './settings.module.css';

/** GalleryStatusValue is what the status section shows and changes. */
export interface GalleryStatusValue {
  id: string;
  status: 'draft' | 'published' | 'archived';
  expiresAt?: string | null;
  expired: boolean;
}

/** StatusBadge names a gallery's status as its guests live it: draft, published, archived, or expired. */
export function StatusBadge({ status, expired }: { status: string; expired: boolean }) {
  const { t } = useTranslation();
  if (status === 'archived') return <span className={`${studio.badge} ${styles.archived}`}>{t('studioSettings.statusArchived')}</span>;
  if (status === 'draft') return <span className={`${studio.badge} ${studio.draft}`}>{t('studio.statusDraft')}</span>;
  if (expired) return <span className={`${studio.badge} ${styles.expired}`}>{t('studioSettings.statusExpired')}</span>;
  return <span className={studio.badge}>{t('studio.statusPublished')}</span>;
}

/**
 * GalleryStatusSection publishes the gallery or takes it back to draft,
 * archives it (offline for its guests, who read « Cette galerie n'est plus
 * en ligne ») or puts it back online, and sets its expiry date.
 */
export function GalleryStatusSection({ gallery }: { gallery: GalleryStatusValue }) {
  const { t } = useTranslation();
  const { save, errors, saved, loading } = useSaveSettings(gallery.id);
  const [expiry, setExpiry] = useState(expiryDateValue(gallery.expiresAt));
  const [expiryError, setExpiryError] = useState<string>();
  const saveExpiry = async () => {
    setExpiryError(undefined);
    if (!expiry) return void save({ noExpiry: true });
    const at = endOfDay(expiry);
    if (!at) return setExpiryError(t('studioSettings.expiryInvalid'));
    await save({ expiresAt: at });
  };
  const archived = gallery.status === 'archived';
  return (
    <section className={studio.card} aria-labelledby="status-title">
      <h2 id="status-title">{t('studioSettings.statusTitle')}</h2>
      <div className={styles.status}>
        <span>{t('studioSettings.statusNow')}</span>
        <StatusBadge status={gallery.status} expired={gallery.expired} />
      </div>
      <p className={studio.muted}>{t(`studioSettings.statusHint_${gallery.status}`)}</p>
      <div className={studio.actions}>
        {!archived &&
          (gallery.status === 'draft' ? (
            <button type="button" className={studio.primary} disabled={loading} onClick={() => void save({ published: true })}>
              {t('studioSettings.publish')}
            </button>
          ) : (
            <button type="button" className={studio.secondary} disabled={loading} onClick={() => void save({ published: false })}>
              {t('studioSettings.unpublish')}
            </button>
          ))}
        {archived ? (
          <button type="button" className={studio.primary} disabled={loading} onClick={() => void save({ archived: false, published: true })}>
            {t('studioSettings.unarchive')}
          </button>
        ) : (
          <button type="button" className={studio.secondary} disabled={loading} onClick={() => void save({ archived: true })}>
            {t('studioSettings.archive')}
          </button>
        )}
      </div>
      <div className={styles.grid}>
        <label className={styles.field}>
          {t('studioSettings.expiry')}
          <input
            type="date"
            name="expiresAt"
            value={expiry}
            aria-invalid={expiryError || errors.expiresAt ? true : undefined}
            onChange={(e) => setExpiry(e.target.value)}
          />
          <span className={studio.muted}>{t('studioSettings.expiryHint')}</span>
          {(expiryError || errors.expiresAt) && (
            <span className={styles.fieldError} role="alert">
              {expiryError || errors.expiresAt}
            </span>
          )}
        </label>
      </div>
      {gallery.expired && <p className={studio.error}>{t('studioSettings.expiredNotice')}</p>}
      {errors[''] && <p className={studio.error}>{errors['']}</p>}
      <div className={studio.actions}>
        <button type="button" className={studio.secondary} disabled={loading} onClick={() => void saveExpiry()}>
          {t('studioSettings.saveExpiry')}
        </button>
        {gallery.expiresAt && (
          <button
            type="button"
            className={studio.secondary}
            disabled={loading}
            onClick={() => {
              setExpiry('');
              void save({ noExpiry: true });
            }}
          >
            {t('studioSettings.noExpiry')}
          </button>
        )}
        {saved && (
          <p className={studio.notice} role="status">
            {t('studio.saved')}
          </p>
        )}
      </div>
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectionActions } from './use-collections';
import styles from './studio-photos.module.css';

/** CollectionRow is one collection: pick it, rename it in place, move it up or down, delete it (after a confirmation). */
export function CollectionRow({
  name,
  count,
  first,
  last,
  current,
  onPick,
  onGone,
  actions,
}: {
  name: string;
  count: number;
  first: boolean;
  last: boolean;
  current: boolean;
  onPick: () => void;
  onGone: () => void;
  actions: CollectionActions;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  const [draft, setDraft] = useState(name);
  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (await actions.rename(name, draft.trim())) {
      setMode('view');
      onGone();
    }
  };
  if (mode === 'rename') {
    return (
      <li>
        <form className={styles.newCollection} onSubmit={rename}>
          <input value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={120} aria-label={t('studioPhotosCollections.renameLabel', { name })} autoFocus />
          <button type="submit" className={styles.button}>
            {t('studioPhotosCollections.save')}
          </button>
          <button type="button" className={styles.button} onClick={() => setMode('view')}>
            {t('studioPhotosCollections.cancel')}
          </button>
        </form>
      </li>
    );
  }
  return (
    <li className={styles.collectionRow}>
      <button type="button" className={styles.collectionPick} aria-current={current} onClick={onPick}>
        {name} <span className={styles.count}>{count}</span>
      </button>
      {mode === 'confirm' ? (
        <span className={styles.rowActions}>
          <button
            type="button"
            className={`${styles.button} ${styles.danger}`}
            onClick={() => void actions.remove(name).then((ok) => ok && onGone())}
          >
            {t('studioPhotosCollections.confirmDelete')}
          </button>
          <button type="button" className={styles.button} onClick={() => setMode('view')}>
            {t('studioPhotosCollections.cancel')}
          </button>
        </span>
      ) : (
        <span className={styles.rowActions}>
          <button type="button" className={styles.icon} disabled={first} onClick={() => void actions.move(name, -1)} aria-label={t('studioPhotosCollections.up', { name })}>
            ↑
          </button>
          <button type="button" className={styles.icon} disabled={last} onClick={() => void actions.move(name, 1)} aria-label={t('studioPhotosCollections.down', { name })}>
            ↓
          </button>
          <button type="button" className={styles.icon} onClick={() => setMode('rename')} aria-label={t('studioPhotosCollections.rename', { name })}>
            ✎
          </button>
          <button type="button" className={styles.icon} onClick={() => setMode('confirm')} aria-label={t('studioPhotosCollections.delete', { name })}>
            ✕
          </button>
        </span>
      )}
    </li>
  );
}

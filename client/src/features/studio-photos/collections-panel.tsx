import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CollectionRow } from './collection-row';
import type { CollectionActions } from './use-collections';
import styles from './studio-photos.module.css';

/** ALL is the filter showing every photo; '' shows those in no collection. */
export const ALL = null;

/** CollectionsPanel picks the collection shown (and uploaded to), and manages the collections. */
export function CollectionsPanel({
  collections,
  total,
  current,
  onPick,
  actions,
}: {
  collections: readonly { name: string; photoCount: number }[];
  total: number;
  current: string | null;
  onPick: (c: string | null) => void;
  actions: CollectionActions;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const name = draft.trim();
    if (!name) return;
    if (await actions.create(name)) setDraft('');
  };
  return (
    <nav className={styles.collections} aria-label={t('studioPhotosCollections.title')}>
      <h2 className={styles.sectionTitle}>{t('studioPhotosCollections.title')}</h2>
      <ul className={styles.collectionList}>
        <li>
          <button type="button" className={styles.collectionPick} aria-current={current === ALL} onClick={() => onPick(ALL)}>
            {t('studioPhotosCollections.all')} <span className={styles.count}>{total}</span>
          </button>
        </li>
        <li>
          <button type="button" className={styles.collectionPick} aria-current={current === ''} onClick={() => onPick('')}>
            {t('studioPhotosCollections.none')}
          </button>
        </li>
        {collections.map((c, i) => (
          <CollectionRow
            key={c.name}
            name={c.name}
            count={c.photoCount}
            first={i === 0}
            last={i === collections.length - 1}
            current={current === c.name}
            onPick={() => onPick(c.name)}
            actions={actions}
            onGone={() => current === c.name && onPick(ALL)}
          />
        ))}
      </ul>
      <form className={styles.newCollection} onSubmit={create}>
        <input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={120}
          placeholder={t('studioPhotosCollections.newName')}
          aria-label={t('studioPhotosCollections.newName')}
        />
        <button type="submit" className={styles.button}>
          {t('studioPhotosCollections.create')}
        </button>
      </form>
    </nav>
  );
}

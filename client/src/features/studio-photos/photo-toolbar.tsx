import { useTranslation } from 'react-i18next';
import type { PhotoActions } from './use-photo-actions';
import type { StudioPhoto } from './use-studio-photos';
import styles from './studio-photos.module.css';

/** PhotoToolbar searches by file name, selects all, and acts on the selected photos. */
export function PhotoToolbar({
  search,
  onSearch,
  shownCount,
  selected,
  collections,
  actions,
  onSelectAll,
  onDone,
}: {
  search: string;
  onSearch: (s: string) => void;
  shownCount: number;
  selected: readonly StudioPhoto[];
  collections: readonly string[];
  actions: PhotoActions;
  onSelectAll: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const ids = selected.map((p) => p.id);
  const all = (f: (p: StudioPhoto) => boolean) => selected.length > 0 && selected.every(f);
  const act = (run: Promise<void> | void) => {
    void Promise.resolve(run).then(onDone);
  };
  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarRow}>
        <input
          type="search"
          className={styles.search}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={t('studioPhotosToolbar.search')}
          aria-label={t('studioPhotosToolbar.search')}
        />
        <button type="button" className={styles.button} onClick={onSelectAll}>
          {t('studioPhotosToolbar.selectAll')}
        </button>
        <span className={styles.count} aria-live="polite">
          {selected.length > 0 ? t('studioPhotosToolbar.selected', { count: selected.length }) : t('studioPhotosToolbar.shown', { count: shownCount })}
        </span>
      </div>
      {selected.length > 0 && (
        <div className={styles.toolbarRow} role="group" aria-label={t('studioPhotosToolbar.actions')}>
          {selected.length === 1 && (
            <button type="button" className={styles.button} onClick={() => act(actions.setCover(ids[0]))}>
              {t('studioPhotosToolbar.cover')}
            </button>
          )}
          <button type="button" className={styles.button} onClick={() => act(actions.setFavorite(ids, !all((p) => p.favorite)))}>
            {all((p) => p.favorite) ? t('studioPhotosToolbar.unfavorite') : t('studioPhotosToolbar.favorite')}
          </button>
          <button type="button" className={styles.button} onClick={() => act(actions.setPrivate(ids, !all((p) => p.isPrivate)))}>
            {all((p) => p.isPrivate) ? t('studioPhotosToolbar.unprivate') : t('studioPhotosToolbar.private')}
          </button>
          <button type="button" className={styles.button} onClick={() => act(actions.setHidden(ids, !all((p) => p.clientHidden)))}>
            {all((p) => p.clientHidden) ? t('studioPhotosToolbar.unhide') : t('studioPhotosToolbar.hide')}
          </button>
          <select
            className={styles.select}
            value=""
            aria-label={t('studioPhotosToolbar.move')}
            onChange={(e) => {
              if (e.target.value === '') return;
              act(actions.move(ids, e.target.value === '\u0000' ? '' : e.target.value));
            }}
          >
            <option value="">{t('studioPhotosToolbar.move')}</option>
            <option value={'\u0000'}>{t('studioPhotosCollections.none')}</option>
            {collections.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <button type="button" className={`${styles.button} ${styles.danger}`} onClick={() => act(actions.remove(ids))}>
            {t('studioPhotosToolbar.delete')}
          </button>
        </div>
      )}
    </div>
  );
}

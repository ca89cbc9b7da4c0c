import { useQuery } from '@apollo/client/react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import type { GalleryOrderField, OrderDirection } from '../../gql/graphql';
import { StudioGalleriesQuery } from './documents';
import { GalleryRow } from './gallery-row';
import styles from './studio.module.css';

// The list's sort choices and the order each asks the API for.
const SORTS: Record<string, { field: GalleryOrderField; direction: OrderDirection; label: string }> = {
  newest: { field: 'CREATED_AT', direction: 'DESC', label: 'studio.sortNewest' },
  oldest: { field: 'CREATED_AT', direction: 'ASC', label: 'studio.sortOldest' },
  name: { field: 'EVENT_NAME', direction: 'ASC', label: 'studio.sortName' },
  date: { field: 'EVENT_DATE', direction: 'DESC', label: 'studio.sortDate' },
};
type SortKey = keyof typeof SORTS;

/** GalleriesPage is /studio/galeries: the photographer's galleries with their figures, searched and sorted. */
export function GalleriesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('newest');
  const deferred = useDeferredValue(search.trim());
  const { field, direction } = SORTS[sort];
  const { data, loading, error } = useQuery(StudioGalleriesQuery, {
    variables: { search: deferred || null, orderBy: { field, direction } },
    fetchPolicy: 'cache-and-network',
  });
  const edges = data?.studioGalleries.edges ?? [];
  return (
    <>
      <div className={styles.pageHead}>
        <h1>{t('studio.galleriesTitle')}</h1>
        <Link to="/studio/galeries/nouvelle" className={styles.primary}>
          {t('studio.newGallery')}
        </Link>
      </div>
      <div className={styles.toolbar}>
        <label>
          {t('studio.search')}
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          {t('studio.sort')}
          <select value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
            {Object.entries(SORTS).map(([key, s]) => (
              <option key={key} value={key}>
                {t(s.label)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {loading && !data && <Spinner label={t('common.loading')} block />}
      {error && !data && <p className={styles.error}>{t('studio.error')}</p>}
      {data && edges.length === 0 && <p className={styles.muted}>{deferred ? t('studio.noMatch', { search: deferred }) : t('studio.empty')}</p>}
      <ul className={styles.list}>{edges.map((e) => e?.node && <GalleryRow key={e.node.id} gallery={e.node} />)}</ul>
    </>
  );
}

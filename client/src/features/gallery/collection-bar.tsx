import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import styles from './collection-bar.module.css';

/** COLLECTION_PARAM is the search parameter naming the collection the grid shows (/gala-2026?collection=Spectacle). */
export const COLLECTION_PARAM = 'collection';

/** CollectionEntry is a collection of the bar and how many photos it holds. */
export interface CollectionEntry {
  name: string;
  count: number;
}

/**
 * shownCollections are the collections worth a bar: those holding a photo
 * (an empty collection is no entry), and only when choosing one shows
 * something else than all the photos (a gallery whose photos are all in
 * one collection, or in none, has no bar).
 */
export function shownCollections(collections: readonly CollectionEntry[], total: number): CollectionEntry[] {
  const filled = collections.filter((c) => c.count > 0);
  if (filled.length === 0 || (filled.length === 1 && filled[0].count >= total)) return [];
  return filled;
}

/** collectionSearch is `search` with the collection set (or removed for all the photos), other parameters kept. */
export function collectionSearch(search: string, name: string | undefined): string {
  const params = new URLSearchParams(search);
  if (name === undefined) params.delete(COLLECTION_PARAM);
  else params.set(COLLECTION_PARAM, name);
  const out = params.toString();
  return out ? `?${out}` : '';
}

/**
 * CollectionBar is the row of the gallery's collections above the grid,
 * each with its photo count, « Toutes » first. Each entry is a link to the
 * same page with ?collection= (so the choice is in the address: shared,
 * kept on reload, undone by back); the chosen one has aria-current. It
 * sticks under the page's header while the grid scrolls and scrolls
 * sideways on a narrow screen, never widening the page.
 */
export function CollectionBar({
  collections,
  total,
  current,
  onChoose,
}: {
  collections: readonly CollectionEntry[];
  total: number;
  /** The chosen collection, undefined for all the photos. */
  current: string | undefined;
  /** Called when an entry is chosen (after the address changes). */
  onChoose?: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const bar = useRef<HTMLElement>(null);

  // The bar sticks under the gallery's header, whatever its height. Its
  // offset is set on the element, not kept in a state: a state set in the
  // first frame's layout effect would draw the page a second time, at once,
  // in the same task (issue 22).
  useLayoutEffect(() => {
    const header = document.querySelector<HTMLElement>('header');
    if (!header || typeof getComputedStyle === 'undefined') return;
    const measure = () => {
      const position = getComputedStyle(header).position;
      if (bar.current) bar.current.style.top = `${position === 'sticky' || position === 'fixed' ? header.offsetHeight : 0}px`;
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(header);
    return () => observer?.disconnect();
  }, []);

  // The chosen entry is scrolled into the bar's view (a deep link to the last collection on a phone).
  useLayoutEffect(() => {
    const node = bar.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const list = node?.parentElement;
    if (!node || !list || list.scrollWidth <= list.clientWidth) return;
    const left = node.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + node.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = Math.max(0, left - 16);
  }, [current]);

  const entries: Array<{ key: string; name: string | undefined; label: string; count: number }> = [
    { key: '', name: undefined, label: t('gallery.allCollections'), count: total },
    ...collections.map((c) => ({ key: `c:${c.name}`, name: c.name, label: c.name, count: c.count })),
  ];
  return (
    <nav ref={bar} className={styles.bar} aria-label={t('gallery.collectionsLabel')}>
      {/* Links in a row, not a list: the grid's list is the page's list of photos (#photos ul). */}
      <div className={styles.list}>
        {entries.map((entry) => {
          const chosen = entry.name === current;
          return (
            <Link
              key={entry.key}
              className={chosen ? `${styles.entry} ${styles.chosen}` : styles.entry}
              to={{ pathname: location.pathname, search: collectionSearch(location.search, entry.name) }}
              aria-current={chosen ? 'page' : undefined}
              preventScrollReset
              onClick={() => onChoose?.()}
            >
              <span className={styles.name}>{entry.label}</span>
              <span className={styles.count} aria-hidden="true">
                {entry.count}
              </span>
              <span className="visually-hidden">{t('gallery.collectionCount', { count: entry.count })}</span>
            </Link>
          );
        })}
      </div>
    </nav>
  );
}

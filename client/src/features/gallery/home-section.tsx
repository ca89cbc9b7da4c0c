import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import styles from './gallery-home.module.css';

// Pieces of the gallery home (gallery-home-page.tsx): a section with its
// title, and the two scroll behaviours of the page.

interface HomeSectionProps {
  /** The anchor (#photos, #packs...); the title's id is derived from it. */
  id: string;
  title: string;
  /** « 12 photos » beside the title. */
  count?: string;
  /** The photo grids: the page's full width. */
  wide?: boolean;
  /** The shop's sections: their own background. */
  shop?: boolean;
  children: ReactNode;
}

/** HomeSection is one section of the home: its anchor, its title (which names it), and an optional count. */
export function HomeSection({ id, title, count, wide, shop, children }: HomeSectionProps) {
  const className = [styles.section, wide && styles.wide, shop && styles.shop].filter(Boolean).join(' ');
  return (
    <section id={id} className={className} aria-labelledby={`${id}-title`}>
      <div className={styles.sectionHead}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          {title}
        </h2>
        {count && <p className={styles.count}>{count}</p>}
      </div>
      {children}
    </section>
  );
}

/**
 * useGridTopOnChoose: choosing a collection while scrolled down the grid
 * brings the grid's top into view. It returns what the collection bar calls
 * on a choice.
 */
export function useGridTopOnChoose(chosen: string | undefined): () => void {
  const chose = useRef(false);
  const onChoose = useCallback(() => {
    chose.current = true;
  }, []);
  useEffect(() => {
    if (!chose.current) return;
    chose.current = false;
    const section = document.getElementById('photos');
    if (section && section.getBoundingClientRect().top < 0) section.scrollIntoView({ block: 'start' });
  }, [chosen]);
  return onChoose;
}

/**
 * useAnchorOnceDrawn scrolls to the address's anchor (#photos, #packs...)
 * once the sections are drawn (ready), since they appear after the data.
 * When the page is already scrolled, the router has either scrolled to the
 * anchor or restored a saved position (back navigation): it leaves it.
 */
export function useAnchorOnceDrawn(ready: boolean) {
  const location = useLocation();
  const scrolledHash = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !location.hash || scrolledHash.current === location.key) return;
    if (window.scrollY > 0) {
      scrolledHash.current = location.key;
      return;
    }
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) {
      scrolledHash.current = location.key;
      target.scrollIntoView({ block: 'start' });
    }
  }, [ready, location.hash, location.key]);
}

import { memo, startTransition, useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getFragmentData, type FragmentType } from '../../gql';
import type { PhotosLayout } from '../../lib/preview-params';
import { Spinner } from '../../components/ui/spinner';
import { computeGridLayout, gridMetrics, visibleIndexes } from './grid-layout';
import { PhotoCard, PhotoCardFragment } from './photo-card';
import { peekReturnFocus, takeReturnFocus } from '../../lib/return-focus';
import styles from './photo-grid.module.css';

/** PhotoGridProps: the loaded photos and how to ask for more. */
export interface PhotoGridProps {
  galleryId: string;
  photos: ReadonlyArray<{ key: string; photo: FragmentType<typeof PhotoCardFragment> }>;
  showFilename: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** How the photos are laid out (the gallery's photos layout); justified rows by default. */
  layout?: PhotosLayout;
  /** Draws a control over each photo (by photo id). */
  photoAction?: (photoId: string) => ReactNode;
  /** How many photos the whole list holds (for assistive technologies), when known. */
  total?: number;
  /** Names the grid, so that the photo view gives the focus back to the photo it showed in this grid. */
  gridName?: string;
  /** The collection shown (?collection=): the viewer opened from it moves through it alone. */
  collection?: string;
  /** The list is drawn whole at once: its rows are balanced, no photo alone on a row (grid-layout.ts). */
  balanced?: boolean;
}

const LAYOUT_CLASS: Record<PhotosLayout, string> = {
  justified: styles.justified,
  grid: styles.square,
  masonry: styles.masonry,
};

/** FALLBACK_WIDTH is the width assumed where there is no window (and no layout engine). */
const FALLBACK_WIDTH = 1024;
/** DEFAULT_GAP is the gap when the theme sets none (--photos-gap). */
const DEFAULT_GAP = 8;

// The last width each layout was drawn at: a grid drawn again (back from the
// photo view) starts at its former size, so its height, and the scroll
// position restored over it, are right from the first frame.
const lastWidths = new Map<PhotosLayout, number>();

interface Band {
  top: number;
  bottom: number;
}

function viewportHeight(): number {
  return typeof window === 'undefined' ? 800 : window.innerHeight || 800;
}

function viewportWidth(): number {
  return typeof window === 'undefined' ? FALLBACK_WIDTH : window.innerWidth || FALLBACK_WIDTH;
}

function remPx(): number {
  if (typeof window === 'undefined') return 16;
  return parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

/** returnFocusIndex is the index of the photo the photo view gives the focus back to in this grid, if any. */
function returnFocusIndex(gridName: string, photos: PhotoGridProps['photos']): number | undefined {
  const id = peekReturnFocus(gridName, photos.map((p) => p.key));
  return id === undefined ? undefined : photos.findIndex((p) => p.key === id);
}

/**
 * useGridMeasure follows, for the grid's list (the ref it returns), what
 * the layout depends on: its width (and the last one per layout, so that a
 * grid drawn again starts right), the theme's gap, the screen's width, and
 * the band of the grid worth drawing (the viewport and a screen above and
 * below it), on scroll, resize and changes of the page above the grid.
 */
function useGridMeasure(layout: PhotosLayout) {
  const list = useRef<HTMLUListElement>(null);
  // Before it is measured, a new grid is assumed as wide as the screen: the
  // height it reserves in the first frame is then near its own, and what
  // follows it (videos, prices) stays below the fold, its lazy images unasked.
  const [width, setWidth] = useState(() => lastWidths.get(layout) ?? viewportWidth());
  const [gap, setGap] = useState(DEFAULT_GAP);
  const [screenWidth, setScreenWidth] = useState(viewportWidth);
  const [band, setBand] = useState<Band>(() => ({ top: -viewportHeight(), bottom: 2 * viewportHeight() }));
  const [measured, setMeasured] = useState(false);
  // A grid drawn again (its layout's width known) draws its photos from the
  // first render; a new one draws them once measured (in a transition the
  // layout effect starts, after the first frame): drawn at an assumed width,
  // they would be drawn twice, each card with its controls (issue 22).
  const [sized] = useState(() => lastWidths.has(layout));
  const measureBand = useCallback(() => {
    const node = list.current;
    if (!node) return;
    if (node.clientWidth === 0) {
      // Nothing is laid out (a hidden grid, or no layout engine at all): draw every photo.
      setBand((old) => (old.top === -Infinity ? old : { top: -Infinity, bottom: Infinity }));
      return;
    }
    const rect = node.getBoundingClientRect();
    const screen = viewportHeight();
    const top = Math.floor(-rect.top - screen);
    const bottom = Math.ceil(-rect.top + 2 * screen);
    setBand((old) => (Math.abs(old.top - top) < 32 && Math.abs(old.bottom - bottom) < 32 ? old : { top, bottom }));
  }, []);

  const measureSize = useCallback(() => {
    const node = list.current;
    if (!node) return;
    const measured = node.clientWidth;
    if (measured > 0) {
      lastWidths.set(layout, measured);
      setWidth(measured);
    }
    const cssGap = parseFloat(getComputedStyle(node).getPropertyValue('--photos-gap'));
    setGap(Number.isFinite(cssGap) && cssGap >= 0 ? cssGap : DEFAULT_GAP);
    setScreenWidth(viewportWidth());
    setMeasured(true);
  }, [layout]);

  useLayoutEffect(() => {
    const measure = () => {
      measureSize();
      measureBand();
    };
    // A new grid's photos come in a transition of their own: the page
    // above them is shown meanwhile, and the main thread is given back
    // between the first frame's tasks (issue 22).
    if (sized) measure();
    else startTransition(measure);
  }, [measureSize, measureBand, sized]);

  useEffect(() => {
    const node = list.current;
    if (!node) return;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        measureBand();
      });
    };
    const onResize = () => {
      measureSize();
      onScroll();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    // The grid's own height changes with every page of photos, and the page's with every
    // section that loads: only a new width needs the size measured again (a style read and
    // a layout); a move only needs the band (docs/performance.md, issue 9).
    // The first observation (right after observing) measures once more, as before.
    let observedWidth = -1;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            const next = node.clientWidth;
            if (next !== observedWidth) {
              observedWidth = next;
              measureSize();
            }
            onScroll();
          });
    observer?.observe(node);
    // Sections above the grid that load or grow move it without a scroll.
    const pageObserver = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(onScroll);
    pageObserver?.observe(document.body);
    // The theme's gap may change while the grid is on screen (the preview's settings).
    const styleObserver = typeof MutationObserver === 'undefined' ? undefined : new MutationObserver(onResize);
    styleObserver?.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
      observer?.disconnect();
      pageObserver?.disconnect();
      styleObserver?.disconnect();
    };
  }, [measureBand, measureSize]);
  return { list, width, gap, screenWidth, band, measureBand, measured, ready: measured || sized };
}

/**
 * PhotoGrid lays the photos out as the gallery asks: justified rows (each
 * photo keeps its ratio, every row fills the width), a grid of square cells,
 * or masonry columns. It is windowed: every photo gets a computed place, and
 * only the photos within a screen or so of the viewport are in the document,
 * so that a gallery of thousands of photos scrolls as lightly as one of
 * twenty (the photo holding the keyboard focus always stays). It loads the
 * next page when the end of the grid comes near, with a button as a fallback.
 */
function PhotoGridView({ galleryId, photos, showFilename, hasMore, loadingMore, onLoadMore, layout = 'justified', photoAction, total, gridName = 'photos', balanced = false, collection }: PhotoGridProps) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useEffectEvent(onLoadMore);

  const { list, width, gap, screenWidth, band, measureBand, measured, ready } = useGridMeasure(layout);
  // Back from the photo view, the photo that was open is the focused one from
  // the first render on: drawn however far down it is (below, it gets the focus).
  const [focused, setFocused] = useState<number | undefined>(() => returnFocusIndex(gridName, photos));

  const ratios = useMemo(
    () =>
      photos.map(({ photo }) => {
        const p = getFragmentData(PhotoCardFragment, photo);
        return p.width > 0 && p.height > 0 ? p.width / p.height : NaN;
      }),
    [photos],
  );
  const captionHeight = showFilename ? Math.round(1.5 * remPx()) : 0;
  const grid = useMemo(
    () => computeGridLayout(layout, ratios, gridMetrics(width, screenWidth, gap, captionHeight), { balanced }),
    [layout, ratios, width, screenWidth, gap, captionHeight, balanced],
  );

  // The grid may move under the viewport without a scroll (sections above it loading).
  useEffect(() => {
    measureBand();
  }, [grid.height, measureBand]);

  // The next page comes when the end of the grid nears the viewport once the
  // visitor has scrolled, or at once when the grid ends on the first screen:
  // opening the gallery asks for its first page only, even on a tall screen
  // where the first page ends within the margin (issue 19's opening
  // requests; issue 22: no second page drawn while the page boots).
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled || !hasMore) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled, hasMore]);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loadingMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && (scrolled || e.boundingClientRect.top < viewportHeight()))) loadMore();
      },
      { rootMargin: '1200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, photos.length, scrolled]);

  // Back from the photo view: once the grid is measured, the photo that was
  // open gets the focus, scrolled into view if need be.
  const pendingFocus = useRef(focused);
  useLayoutEffect(() => {
    takeReturnFocus(gridName, photos.map((p) => p.key));
    // Only when the grid appears: later focus moves are the visitor's.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only, as said above
  }, []);
  useEffect(() => {
    if (!measured || focused === undefined || pendingFocus.current !== focused || !list.current) return;
    pendingFocus.current = undefined;
    const link = list.current.querySelector<HTMLElement>(`li[data-index="${focused}"] a`);
    if (!link) return;
    link.focus({ preventScroll: true });
    const rect = link.getBoundingClientRect();
    if (rect.bottom < 0 || rect.top > viewportHeight()) link.scrollIntoView({ block: 'center' });
  }, [measured, focused, list]);

  if (photos.length === 0) {
    return <p className={styles.empty}>{t('gallery.noPhotos')}</p>;
  }
  const shown = ready ? visibleIndexes(grid.boxes, band.top, band.bottom, focused) : [];
  const firstScreen = viewportHeight();
  const setSize = total !== undefined && total >= photos.length ? total : hasMore ? -1 : photos.length;
  return (
    <>
      <ul
        ref={list}
        className={`${styles.grid} ${LAYOUT_CLASS[layout]}`}
        data-layout={layout}
        data-count={photos.length}
        style={{ height: `${Math.ceil(grid.height)}px` }}
        onFocus={(event) => {
          const item = (event.target as HTMLElement).closest<HTMLElement>('li[data-index]');
          if (item) setFocused(Number(item.dataset.index));
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(undefined);
        }}
      >
        {shown.map((index) => {
          const { key, photo } = photos[index];
          const box = grid.boxes[index];
          const style: CSSProperties = { top: box.top, left: box.left, width: box.width, height: box.height };
          return (
            <PhotoCard
              key={key}
              photo={photo}
              galleryId={galleryId}
              showFilename={showFilename}
              action={photoAction?.(key)}
              style={style}
              index={index}
              setSize={setSize}
              sizesHint={Math.ceil(box.width)}
              gridName={gridName}
              collection={collection}
              priority={box.top < firstScreen}
            />
          );
        })}
      </ul>
      <div ref={sentinel} className={styles.more}>
        {loadingMore ? (
          <Spinner label={t('gallery.loadingMore')} />
        ) : (
          hasMore && (
            <button type="button" className="button button-outline" onClick={onLoadMore}>
              {t('gallery.loadMore')}
            </button>
          )
        )}
      </div>
    </>
  );
}

/**
 * PhotoGrid is memoised: the gallery home renders again on each of its
 * queries' answers, and a grid whose items, action and settings are the
 * same is not drawn again (docs/performance.md, first thumbnails).
 */
export const PhotoGrid = memo(PhotoGridView);

import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent, type PointerEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { fitBox, loadedImage, parseSrcSet, pickSource, rememberLoaded, sourceWidth, viewerSizes } from '../../lib/image-sources';
import { clampZoom, maxScaleFor, NO_ZOOM, STEP_SCALE, toggleZoom, zoomAt, type Size, type Zoom } from './zoom';
import styles from './photo-page.module.css';

export const PhotoViewerFragment = graphql(`
  fragment PhotoViewer_photo on Photo {
    id
    filename
    width
    height
    dominantColor
    urls {
      viewer
      srcSet
    }
  }
`);

const SWIPE_PX = 50;
const TAP_MOVE_PX = 12;
const DOUBLE_TAP_MS = 320;
const DOUBLE_TAP_PX = 40;
/** How long the zoom rests before a larger file is chosen for it. */
const ZOOM_REST_MS = 150;
/** The caption's room under the photo when file names are shown. */
const CAPTION_PX = 32;

type Point = { x: number; y: number };

type Gesture =
  | { kind: 'swipe'; start: Point; at: number }
  | { kind: 'pan'; start: Point; zoom: Zoom; at: number; moved: boolean }
  | { kind: 'pinch'; mid: Point; distance: number; zoom: Zoom };

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * PhotoViewer shows one photo as large as the stage allows (or up to the
 * theme's viewer size): the file the browser already holds (the grid's
 * thumbnail, or else the smallest) at once, the one sized for the screen
 * (srcset and sizes) over it when it arrives. Pinch, double tap, double
 * click, the wheel and the + and - keys zoom up to the original's
 * resolution, loading a larger file as the zoom needs it; a drag pans the
 * zoomed photo, and a swipe (not zoomed) asks for the previous or next one
 * (onSwipe). onInteract is told of every gesture (the slideshow pauses).
 */
export function PhotoViewer({
  photo: photoRef,
  showFilename,
  maxSize,
  onSwipe,
  onInteract,
}: {
  photo: FragmentType<typeof PhotoViewerFragment>;
  showFilename: boolean;
  maxSize?: number;
  onSwipe?: (direction: -1 | 1) => void;
  onInteract?: () => void;
}) {
  const { t } = useTranslation();
  const photo = getFragmentData(PhotoViewerFragment, photoRef);
  const sources = useMemo(() => parseSrcSet(photo.urls.srcSet), [photo.urls.srcSet]);

  // The stage's size, measured before the first paint and on every resize.
  const area = useRef<HTMLElement>(null);
  const [stage, setStage] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    const measure = () => setStage({ width: el.clientWidth, height: Math.max(0, el.clientHeight - (showFilename ? CAPTION_PX : 0)) });
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [showFilename]);
  const box = fitBox(photo.width, photo.height, stage.width, stage.height, maxSize);
  const maxScale = maxScaleFor(photo.width, box.width);
  const dpr = typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 1;

  // What the browser already holds of this photo, shown at once.
  const [placeholder] = useState(() => {
    const known = loadedImage(photo.id);
    return known?.url ?? sources[0]?.url ?? '';
  });
  const [mainLoaded, setMainLoaded] = useState(false);
  const [mainWidth, setMainWidth] = useState(0);
  const onMainLoad = (e: SyntheticEvent<HTMLImageElement>) => {
    const img = e.currentTarget;
    const url = img.currentSrc || img.src;
    const width = sourceWidth(sources, url) || img.naturalWidth;
    setMainWidth(width);
    setMainLoaded(true);
    rememberLoaded(photo.id, { url, width, ratio: img.naturalHeight ? img.naturalWidth / img.naturalHeight : 0 });
  };

  const [zoom, setZoomState] = useState<Zoom>(NO_ZOOM);
  const zoomRef = useRef(zoom);
  const setZoom = (z: Zoom) => {
    zoomRef.current = z;
    setZoomState(z);
  };
  const geometry = useRef({ box, stage, maxScale });
  geometry.current = { box, stage, maxScale };

  // A larger file once the zoom shows more pixels than the one on screen,
  // chosen when the zoom has rested a moment (a pinch passing through 2x
  // and 3x does not fetch every width on the way).
  const [zoomSource, setZoomSource] = useState<{ url: string; width: number } | null>(null);
  const [zoomLoaded, setZoomLoaded] = useState(false);
  useEffect(() => {
    if (zoom.scale <= 1 || box.width <= 0) return;
    const needed = box.width * zoom.scale * dpr;
    const have = Math.max(mainWidth, zoomSource?.width ?? 0);
    if (have >= needed) return;
    const next = pickSource(sources, needed);
    if (!next || next.width <= have) return;
    const timer = window.setTimeout(() => {
      setZoomLoaded(false);
      setZoomSource(next);
    }, ZOOM_REST_MS);
    return () => window.clearTimeout(timer);
  }, [zoom.scale, box.width, dpr, mainWidth, zoomSource?.width, sources]);

  // Gestures.
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);
  const lastPointerType = useRef('mouse');

  const local = (clientX: number, clientY: number): Point => {
    const r = area.current?.getBoundingClientRect();
    if (!r) return { x: 0, y: 0 };
    return { x: clientX - (r.left + r.width / 2), y: clientY - (r.top + (r.height - (showFilename ? CAPTION_PX : 0)) / 2) };
  };
  const startPinch = () => {
    const [a, b] = [...pointers.current.values()];
    gesture.current = { kind: 'pinch', mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, distance: Math.max(1, distance(a, b)), zoom: zoomRef.current };
  };
  const startSingle = (p: Point, pointerType: string) => {
    if (zoomRef.current.scale > 1) gesture.current = { kind: 'pan', start: p, zoom: zoomRef.current, at: Date.now(), moved: false };
    else if (pointerType !== 'mouse') gesture.current = { kind: 'swipe', start: p, at: Date.now() };
    else gesture.current = null;
  };

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    lastPointerType.current = e.pointerType;
    onInteract?.();
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // a synthetic pointer the browser does not track
    }
    const p = local(e.clientX, e.clientY);
    pointers.current.set(e.pointerId, p);
    if (pointers.current.size === 2) startPinch();
    else if (pointers.current.size === 1) startSingle(p, e.pointerType);
  };

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    const p = local(e.clientX, e.clientY);
    pointers.current.set(e.pointerId, p);
    const g = gesture.current;
    const { box: b, stage: s, maxScale: m } = geometry.current;
    if (g?.kind === 'pinch' && pointers.current.size >= 2) {
      const [a, c] = [...pointers.current.values()];
      const mid = { x: (a.x + c.x) / 2, y: (a.y + c.y) / 2 };
      setZoom(zoomAt(g.zoom, (g.zoom.scale * distance(a, c)) / g.distance, g.mid, mid, b, s, m));
    } else if (g?.kind === 'pan') {
      const dx = p.x - g.start.x;
      const dy = p.y - g.start.y;
      if (Math.hypot(dx, dy) > TAP_MOVE_PX) g.moved = true;
      setZoom(clampZoom({ scale: g.zoom.scale, x: g.zoom.x + dx, y: g.zoom.y + dy }, b, s, m));
    }
  };

  const endPointer = (e: PointerEvent<HTMLElement>, cancelled: boolean) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.delete(e.pointerId);
    // Where the pointer left (a pointerup may come without a move before it).
    const p = local(e.clientX, e.clientY);
    const g = gesture.current;
    const { box: b, stage: s, maxScale: m } = geometry.current;
    if (g?.kind === 'pinch') {
      // The finger left on the screen carries on panning.
      const rest = [...pointers.current.values()];
      if (rest.length === 1) startSingle(rest[0], e.pointerType);
      else if (rest.length === 0) gesture.current = null;
      // A tap right after a pinch is not a double tap.
      lastTap.current = null;
      return;
    }
    gesture.current = null;
    if (cancelled || !g) return;
    const moved = distance(p, g.start);
    if (g.kind === 'swipe') {
      const dx = p.x - g.start.x;
      if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(p.y - g.start.y)) {
        lastTap.current = null;
        onSwipe?.(dx > 0 ? -1 : 1);
        return;
      }
    }
    if (moved > TAP_MOVE_PX || e.pointerType === 'mouse') return;
    // A double tap zooms in at the point, or back out.
    const now = Date.now();
    const previous = lastTap.current;
    if (previous && now - previous.at < DOUBLE_TAP_MS && distance(previous.point, p) < DOUBLE_TAP_PX) {
      lastTap.current = null;
      setZoom(toggleZoom(zoomRef.current, p, b, s, m));
    } else {
      lastTap.current = { at: now, point: p };
    }
  };

  const onDoubleClick = (e: MouseEvent<HTMLElement>) => {
    // Touch screens have their double tap above.
    if (lastPointerType.current !== 'mouse') return;
    const { box: b, stage: s, maxScale: m } = geometry.current;
    setZoom(toggleZoom(zoomRef.current, local(e.clientX, e.clientY), b, s, m));
  };

  const onInteractRef = useRef(onInteract);
  onInteractRef.current = onInteract;

  // The wheel (and a touchpad's pinch, which the browser sends as a wheel
  // with ctrlKey) zooms at the pointer: a listener that may prevent the
  // page's own scrolling and zooming.
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      onInteractRef.current?.();
      const { box: b, stage: s, maxScale: m } = geometry.current;
      const z = zoomRef.current;
      const p = local(e.clientX, e.clientY);
      const factor = Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.002));
      setZoom(zoomAt(z, z.scale * factor, p, p, b, s, m));
    };
    // Safari zooms the page on a pinch whatever touch-action says unless
    // its own gesture events are prevented; the pointers do the zoom here.
    const onGesture = (e: Event) => e.preventDefault();
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('gesturestart', onGesture);
    el.addEventListener('gesturechange', onGesture);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('gesturestart', onGesture);
      el.removeEventListener('gesturechange', onGesture);
    };
    // local and the handler read refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- local reads refs only
  }, []);

  // + and - zoom at the centre, 0 goes back; Escape first leaves the zoom.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      const { box: b, stage: s, maxScale: m } = geometry.current;
      const z = zoomRef.current;
      const centre = { x: 0, y: 0 };
      if (e.key === '+' || e.key === '=') setZoom(zoomAt(z, z.scale > 1 ? z.scale * 1.5 : STEP_SCALE, centre, centre, b, s, m));
      else if (e.key === '-' || e.key === '_') setZoom(zoomAt(z, z.scale / 1.5, centre, centre, b, s, m));
      else if (e.key === '0') setZoom(NO_ZOOM);
      else if (e.key === 'Escape' && z.scale > 1) setZoom(NO_ZOOM);
      else return;
      onInteractRef.current?.();
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const zoomed = zoom.scale > 1;
  const frame: CSSProperties = {
    width: box.width || undefined,
    height: box.height || undefined,
    backgroundColor: photo.dominantColor || undefined,
    transform: zoomed ? `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` : undefined,
  };
  return (
    <figure
      ref={area}
      className={`${styles.figure} ${zoomed ? styles.zoomed : ''}`}
      data-zoom={zoom.scale.toFixed(2)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(e) => endPointer(e, false)}
      onPointerCancel={(e) => endPointer(e, true)}
      onDoubleClick={onDoubleClick}
    >
      <div className={styles.frame} style={frame} data-testid="photo-frame">
        {placeholder && <img className={`${styles.layer} ${styles.placeholder}`} src={placeholder} alt="" aria-hidden="true" draggable={false} data-role="placeholder" />}
        {box.width > 0 && (
          <img
            className={`${styles.layer} ${styles.image} ${mainLoaded ? styles.loaded : ''}`}
            src={photo.urls.viewer}
            srcSet={photo.urls.srcSet || undefined}
            sizes={viewerSizes(box.width)}
            width={photo.width || undefined}
            height={photo.height || undefined}
            alt={t('gallery.photoAlt', { filename: photo.filename })}
            draggable={false}
            onLoad={onMainLoad}
            data-photo-id={photo.id}
            data-role="main"
          />
        )}
        {zoomSource && (
          <img
            className={`${styles.layer} ${styles.image} ${zoomLoaded ? styles.loaded : ''}`}
            src={zoomSource.url}
            alt=""
            aria-hidden="true"
            draggable={false}
            onLoad={() => setZoomLoaded(true)}
            data-role="zoom"
            data-width={zoomSource.width}
          />
        )}
      </div>
      {showFilename && <figcaption className={styles.caption}>{photo.filename}</figcaption>}
    </figure>
  );
}

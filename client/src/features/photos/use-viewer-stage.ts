// The viewer's stage and the files it draws: its measured size, the zoom
// state, and the larger file a zoom asks for.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { pickSource, type ImageSource } from '../../lib/image-sources';
import { NO_ZOOM, type Size, type Zoom } from './zoom';

/** The caption's room under the photo when file names are shown. */
export const CAPTION_PX = 32;
/** How long the zoom rests before a larger file is chosen for it. */
const ZOOM_REST_MS = 150;

/** useStageSize measures the stage (less the caption's room) before the first paint and on every resize. */
export function useStageSize(area: RefObject<HTMLElement | null>, showFilename: boolean): Size {
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
  }, [area, showFilename]);
  return stage;
}

/** ZoomState is the zoom on screen, a ref to it for the gesture handlers (which outlive a render), and its setter. */
export interface ZoomState {
  zoom: Zoom;
  zoomRef: RefObject<Zoom>;
  setZoom: (z: Zoom) => void;
}

/** useZoomState keeps the zoom in state (to draw) and in a ref (for the handlers bound once). */
export function useZoomState(): ZoomState {
  const [zoom, setZoomState] = useState<Zoom>(NO_ZOOM);
  const zoomRef = useRef(zoom);
  const setZoom = (z: Zoom) => {
    zoomRef.current = z;
    setZoomState(z);
  };
  return { zoom, zoomRef, setZoom };
}

/**
 * useZoomSource chooses a larger file once the zoom shows more pixels than
 * the one on screen (haveWidth), when the zoom has rested a moment (a pinch
 * passing through 2x and 3x does not fetch every width on the way).
 */
export function useZoomSource(scale: number, boxWidth: number, dpr: number, haveWidth: number, sources: readonly ImageSource[]) {
  const [zoomSource, setZoomSource] = useState<{ url: string; width: number } | null>(null);
  const [zoomLoaded, setZoomLoaded] = useState(false);
  useEffect(() => {
    if (scale <= 1 || boxWidth <= 0) return;
    const needed = boxWidth * scale * dpr;
    const have = Math.max(haveWidth, zoomSource?.width ?? 0);
    if (have >= needed) return;
    const next = pickSource(sources, needed);
    if (!next || next.width <= have) return;
    const timer = window.setTimeout(() => {
      setZoomLoaded(false);
      setZoomSource(next);
    }, ZOOM_REST_MS);
    return () => window.clearTimeout(timer);
  }, [scale, boxWidth, dpr, haveWidth, zoomSource?.width, sources]);
  return { zoomSource, zoomLoaded, onZoomLoad: () => setZoomLoaded(true) };
}

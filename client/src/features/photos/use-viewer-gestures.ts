// The viewer's gestures: pinch, double tap, double click, the wheel and the
// keys zoom; a drag pans the zoomed photo; a swipe (not zoomed) asks for
// the previous or next photo.
import { useEffect, useEffectEvent, useRef, type MouseEvent, type PointerEvent, type RefObject } from 'react';
import { clampZoom, NO_ZOOM, toggleZoom, zoomAt, zoomIn, zoomOut, type Size, type Zoom } from './zoom';
import { CAPTION_PX } from './use-viewer-stage';

const SWIPE_PX = 50;
const TAP_MOVE_PX = 12;
const DOUBLE_TAP_MS = 320;
const DOUBLE_TAP_PX = 40;

type Point = { x: number; y: number };

type Gesture =
  | { kind: 'swipe'; start: Point; at: number }
  | { kind: 'pan'; start: Point; zoom: Zoom; at: number; moved: boolean }
  | { kind: 'pinch'; mid: Point; distance: number; zoom: Zoom };

/** Geometry is what a zoom is computed against: the photo's box, the stage, the most the photo may be zoomed, and where a double tap goes (doubleTapScale). */
export interface Geometry {
  box: Size;
  stage: Size;
  maxScale: number;
  tapScale?: number;
}

interface GestureOptions {
  area: RefObject<HTMLElement | null>;
  geometry: Geometry;
  zoomRef: RefObject<Zoom>;
  setZoom: (z: Zoom) => void;
  showFilename: boolean;
  onSwipe?: (direction: -1 | 1) => void;
  onInteract?: () => void;
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** useViewerGestures returns the figure's pointer handlers, and listens to the wheel (on the figure) and the keys (on the window). */
export function useViewerGestures({ area, geometry, zoomRef, setZoom, showFilename, onSwipe, onInteract }: GestureOptions) {
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);
  const lastPointerType = useRef('mouse');

  // A point in CSS pixels from the photo's centre.
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
    const { box: b, stage: s, maxScale: m } = geometry;
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
    const { box: b, stage: s, maxScale: m } = geometry;
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
    if (g.kind === 'swipe') {
      const dx = p.x - g.start.x;
      if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(p.y - g.start.y)) {
        lastTap.current = null;
        onSwipe?.(dx > 0 ? -1 : 1);
        return;
      }
    }
    if (distance(p, g.start) > TAP_MOVE_PX || e.pointerType === 'mouse') return;
    // A double tap zooms in at the point, or back out.
    const now = Date.now();
    const previous = lastTap.current;
    if (previous && now - previous.at < DOUBLE_TAP_MS && distance(previous.point, p) < DOUBLE_TAP_PX) {
      lastTap.current = null;
      setZoom(toggleZoom(zoomRef.current, p, b, s, m, geometry.tapScale));
    } else {
      lastTap.current = { at: now, point: p };
    }
  };

  const onDoubleClick = (e: MouseEvent<HTMLElement>) => {
    // Touch screens have their double tap above.
    if (lastPointerType.current !== 'mouse') return;
    const { box: b, stage: s, maxScale: m } = geometry;
    setZoom(toggleZoom(zoomRef.current, local(e.clientX, e.clientY), b, s, m, geometry.tapScale));
  };

  useWheelAndKeys(area, geometry, zoomRef, setZoom, local, onInteract);

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: (e: PointerEvent<HTMLElement>) => endPointer(e, false),
    onPointerCancel: (e: PointerEvent<HTMLElement>) => endPointer(e, true),
    onDoubleClick,
  };
}

/**
 * useWheelAndKeys: the wheel (and a touchpad's pinch, which the browser
 * sends as a wheel with ctrlKey) zooms at the pointer, through a listener
 * that may prevent the page's own scrolling and zooming; + and - zoom at
 * the centre, 0 goes back, Escape first leaves the zoom.
 */
function useWheelAndKeys(
  area: RefObject<HTMLElement | null>,
  geometry: Geometry,
  zoomRef: RefObject<Zoom>,
  setZoom: (z: Zoom) => void,
  local: (x: number, y: number) => Point,
  onInteract: (() => void) | undefined,
) {
  // The listeners stay for the viewer's life; these read the latest geometry and callbacks.
  const onWheel = useEffectEvent((e: WheelEvent) => {
    e.preventDefault();
    onInteract?.();
    const { box: b, stage: s, maxScale: m } = geometry;
    const z = zoomRef.current;
    const p = local(e.clientX, e.clientY);
    const factor = Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.002));
    setZoom(zoomAt(z, z.scale * factor, p, p, b, s, m));
  });
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement | null;
    if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
    const { box: b, stage: s, maxScale: m } = geometry;
    const z = zoomRef.current;
    if (e.key === '+' || e.key === '=') setZoom(zoomIn(z, b, s, m));
    else if (e.key === '-' || e.key === '_') setZoom(zoomOut(z, b, s, m));
    else if (e.key === '0') setZoom(NO_ZOOM);
    else if (e.key === 'Escape' && z.scale > 1) setZoom(NO_ZOOM);
    else return;
    onInteract?.();
    e.preventDefault();
  });

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const wheel = (e: WheelEvent) => onWheel(e);
    // Safari zooms the page on a pinch whatever touch-action says unless
    // its own gesture events are prevented; the pointers do the zoom here.
    const onGesture = (e: Event) => e.preventDefault();
    el.addEventListener('wheel', wheel, { passive: false });
    el.addEventListener('gesturestart', onGesture);
    el.addEventListener('gesturechange', onGesture);
    return () => {
      el.removeEventListener('wheel', wheel);
      el.removeEventListener('gesturestart', onGesture);
      el.removeEventListener('gesturechange', onGesture);
    };
  }, [area]);

  useEffect(() => {
    const key = (e: KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, []);
}

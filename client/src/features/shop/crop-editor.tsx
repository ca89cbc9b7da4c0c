import { useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cropPercent, largestCrop, moveCrop, resizeCrop, scaleCrop, type Corner, type Crop, type Size } from './crop-geometry';
import styles from './shop.module.css';

/** ZOOM_STEP is how much the − and + keys and buttons shrink or grow the crop. */
const ZOOM_STEP = 1.08;

const CORNERS: Corner[] = ['nw', 'ne', 'sw', 'se'];

interface Drag {
  mode: 'move' | Corner;
  pointerId: number;
  startX: number;
  startY: number;
  start: Crop;
  scaleX: number;
  scaleY: number;
}

/**
 * CropEditor is a rectangle over the photo, locked to the print format's
 * ratio, that the buyer drags to move and pulls by a corner to resize. With
 * the keyboard, the arrows move it (Shift for bigger steps) and − and +
 * shrink and grow it; buttons do the same. It answers whole pixels of the
 * photo's own size (photo.width × photo.height).
 */
export function CropEditor({
  src,
  alt,
  photo,
  ratio,
  crop,
  onChange,
}: {
  src: string;
  alt: string;
  photo: Size;
  /** The crop's width/height ratio (cropRatio). */
  ratio: number;
  crop: Crop;
  onChange: (crop: Crop) => void;
}) {
  const { t } = useTranslation();
  const helpId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const box = cropPercent(crop, photo);
  const step = Math.max(1, Math.round(Math.max(photo.width, photo.height) / 100));

  const begin = (mode: Drag['mode'], event: PointerEvent<HTMLElement>) => {
    const rect = frame.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      mode,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      start: crop,
      scaleX: photo.width / rect.width,
      scaleY: photo.height / rect.height,
    };
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    const dx = (event.clientX - d.startX) * d.scaleX;
    const dy = (event.clientY - d.startY) * d.scaleY;
    onChange(d.mode === 'move' ? moveCrop(d.start, dx, dy, photo) : resizeCrop(d.start, d.mode, dx, dy, ratio, photo));
  };
  // A handle's moves bubble up to the box, which follows every drag.
  const end = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const n = event.shiftKey ? step * 10 : step;
    let next: Crop | undefined;
    switch (event.key) {
      case 'ArrowLeft':
        next = moveCrop(crop, -n, 0, photo);
        break;
      case 'ArrowRight':
        next = moveCrop(crop, n, 0, photo);
        break;
      case 'ArrowUp':
        next = moveCrop(crop, 0, -n, photo);
        break;
      case 'ArrowDown':
        next = moveCrop(crop, 0, n, photo);
        break;
      case '+':
      case '=':
        next = scaleCrop(crop, ZOOM_STEP, ratio, photo);
        break;
      case '-':
      case '_':
        next = scaleCrop(crop, 1 / ZOOM_STEP, ratio, photo);
        break;
      default:
        return;
    }
    event.preventDefault();
    onChange(next);
  };

  return (
    <div className={styles.cropEditor}>
      <div
        ref={frame}
        className={styles.cropFrame}
        style={{ aspectRatio: `${photo.width} / ${photo.height}`, width: `min(100%, calc(75vh * ${(photo.width / photo.height).toFixed(4)}))` }}
      >
        <img className={styles.cropImage} src={src} alt={alt} draggable={false} />
        <div
          className={styles.cropBox}
          style={{ left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` }}
          role="group"
          aria-roledescription={t('shop.cropAreaRole')}
          aria-label={t('shop.cropArea')}
          aria-describedby={helpId}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onPointerDown={(event) => begin('move', event)}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          data-crop={`${crop.x},${crop.y},${crop.width},${crop.height}`}
        >
          {CORNERS.map((corner) => (
            <span
              key={corner}
              className={`${styles.cropHandle} ${styles[`handle_${corner}`]}`}
              aria-hidden="true"
              onPointerDown={(event) => begin(corner, event)}
            />
          ))}
        </div>
      </div>
      <p id={helpId} className={styles.muted}>
        {t('shop.cropHelp')}
      </p>
      <div className={styles.cropTools}>
        <button type="button" className="button button-outline button-small" onClick={() => onChange(scaleCrop(crop, 1 / ZOOM_STEP, ratio, photo))}>
          {t('shop.cropSmaller')}
        </button>
        <button type="button" className="button button-outline button-small" onClick={() => onChange(scaleCrop(crop, ZOOM_STEP, ratio, photo))}>
          {t('shop.cropLarger')}
        </button>
        <button type="button" className="button button-outline button-small" onClick={() => onChange(largestCrop(photo, ratio))}>
          {t('shop.cropReset')}
        </button>
      </div>
      <p className={styles.muted}>{t('shop.cropSummary', { width: crop.width, height: crop.height, x: crop.x, y: crop.y })}</p>
    </div>
  );
}

import { useMemo, useRef, useState, type CSSProperties, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { fitBox, heldImage, parseSrcSet, rememberLoaded, sourceWidth, viewerSizes } from '../../lib/image-sources';
import { doubleTapScale, maxScaleFor, nativeScale, NO_ZOOM, zoomIn, zoomOut } from './zoom';
import { useStageSize, useZoomSource, useZoomState } from './use-viewer-stage';
import { useViewerGestures, type Geometry } from './use-viewer-gestures';
import { ZoomControls } from './zoom-controls';
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

/**
 * PhotoViewer shows one photo as large as the stage allows (or up to the
 * theme's viewer size): the file the browser already holds (the grid's
 * thumbnail, the server's preview of a direct link, or else the smallest)
 * at once, the one sized for the screen (srcset and sizes) over it when it
 * arrives. Pinch, double tap, double click, the wheel, the + and - keys and
 * the zoom buttons zoom up to the original's resolution, loading a larger
 * file as the zoom needs it; a drag pans the zoomed photo, and a swipe (not
 * zoomed) asks for the previous or next one (onSwipe). onInteract is told
 * of every gesture (the slideshow pauses).
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

  const area = useRef<HTMLElement>(null);
  const stage = useStageSize(area, showFilename);
  const box = fitBox(photo.width, photo.height, stage.width, stage.height, maxSize);
  const maxScale = maxScaleFor(photo.width, box.width);
  const tapScale = doubleTapScale(nativeScale(photo.width, box.width), maxScale);
  const dpr = typeof window !== 'undefined' ? window.devicePixelRatio || 1 : 1;
  const geometry: Geometry = { box, stage, maxScale, tapScale };

  // What the browser already holds of this photo, shown at once.
  const [placeholder] = useState(() => heldImage(photo.id) ?? sources[0]?.url ?? '');
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

  const { zoom, zoomRef, setZoom } = useZoomState();
  const { zoomSource, zoomLoaded, onZoomLoad } = useZoomSource(zoom.scale, box.width, dpr, mainWidth, sources);
  const handlers = useViewerGestures({ area, geometry, zoomRef, setZoom, showFilename, onSwipe, onInteract });
  const button = (next: typeof NO_ZOOM) => {
    onInteract?.();
    setZoom(next);
  };

  const zoomed = zoom.scale > 1;
  const frame: CSSProperties = {
    width: box.width || undefined,
    height: box.height || undefined,
    backgroundColor: photo.dominantColor || undefined,
    transform: zoomed ? `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` : undefined,
  };
  return (
    <>
      <figure ref={area} className={`${styles.figure} ${zoomed ? styles.zoomed : ''}`} data-zoom={zoom.scale.toFixed(2)} {...handlers}>
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
              onLoad={onZoomLoad}
              data-role="zoom"
              data-width={zoomSource.width}
            />
          )}
        </div>
        {showFilename && <figcaption className={styles.caption}>{photo.filename}</figcaption>}
      </figure>
      <ZoomControls
        scale={zoom.scale}
        maxScale={maxScale}
        onIn={() => button(zoomIn(zoomRef.current, box, stage, maxScale))}
        onOut={() => button(zoomOut(zoomRef.current, box, stage, maxScale))}
        onReset={() => button(NO_ZOOM)}
      />
    </>
  );
}

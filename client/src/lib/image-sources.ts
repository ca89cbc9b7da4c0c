// The image files of a photo: its derivatives as the API lists them in a
// srcset, which one to load for a width on screen, and the one the browser
// already holds (the grid's), shown at once while a larger one loads.

/** A derivative: its address and its width in pixels. */
export interface ImageSource {
  url: string;
  width: number;
}

/** parseSrcSet reads a srcset of width descriptors ("a.jpg 320w, b.jpg 640w"), smallest first; other entries are skipped. */
export function parseSrcSet(srcSet: string | null | undefined): ImageSource[] {
  if (!srcSet) return [];
  const out: ImageSource[] = [];
  for (const part of srcSet.split(',')) {
    const m = /^\s*(\S+)\s+(\d+)w\s*$/.exec(part);
    if (m) out.push({ url: m[1], width: Number(m[2]) });
  }
  return out.sort((a, b) => a.width - b.width);
}

/** pickSource is the smallest source at least `pixels` wide, or the largest when none is (undefined for none at all). */
export function pickSource(sources: readonly ImageSource[], pixels: number): ImageSource | undefined {
  return sources.find((s) => s.width >= pixels) ?? sources[sources.length - 1];
}

/** sourceWidth is the width of the source at `url` (an absolute or relative address), 0 when it is not one of them. */
export function sourceWidth(sources: readonly ImageSource[], url: string | null | undefined): number {
  if (!url) return 0;
  const path = pathOf(url);
  return sources.find((s) => pathOf(s.url) === path)?.width ?? 0;
}

function pathOf(url: string): string {
  try {
    const u = new URL(url, 'http://local');
    return u.pathname;
  } catch {
    return url;
  }
}

/**
 * fitBox is the size a width x height photo is drawn at in a box (CSS
 * pixels): as large as fits, keeping its ratio, never larger than the photo
 * itself, nor than maxSize on its longest side when given.
 */
export function fitBox(width: number, height: number, boxWidth: number, boxHeight: number, maxSize?: number): { width: number; height: number } {
  if (width <= 0 || height <= 0 || boxWidth <= 0 || boxHeight <= 0) return { width: 0, height: 0 };
  let scale = Math.min(1, boxWidth / width, boxHeight / height);
  if (maxSize && maxSize > 0) scale = Math.min(scale, maxSize / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** viewerSizes is the sizes attribute of an image drawn `width` CSS pixels wide. */
export function viewerSizes(width: number): string {
  return `${Math.max(1, Math.ceil(width))}px`;
}

/** A file of a photo the browser has loaded (the grid's thumbnail). */
export interface LoadedImage {
  url: string;
  /** Its pixel width (0 when unknown). */
  width: number;
  /** Its ratio, width / height (0 when unknown). */
  ratio: number;
}

// The largest file loaded per photo, as the grid's images report it.
const loaded = new Map<string, LoadedImage>();
const MAX_REMEMBERED = 2000;

/** rememberLoaded notes that the browser holds `url` for the photo (an <img> onLoad), keeping the widest per photo. */
export function rememberLoaded(photoId: string, image: LoadedImage): void {
  if (!image.url) return;
  const known = loaded.get(photoId);
  if (known && known.width >= image.width) return;
  if (loaded.size >= MAX_REMEMBERED && !known) {
    const oldest = loaded.keys().next().value;
    if (oldest !== undefined) loaded.delete(oldest);
  }
  loaded.set(photoId, image);
}

/** loadedImage is the widest file of the photo the browser already holds, if any. */
export function loadedImage(photoId: string): LoadedImage | undefined {
  return loaded.get(photoId);
}

/** forgetLoaded empties the record (tests). */
export function forgetLoaded(): void {
  loaded.clear();
}

/** rememberGridImage records what a loaded grid <img> holds (its srcset's choice), for the viewer's first paint. */
export function rememberGridImage(photoId: string, img: HTMLImageElement): void {
  const url = img.currentSrc || img.src;
  rememberLoaded(photoId, {
    url,
    width: sourceWidth(parseSrcSet(img.srcset), url) || img.naturalWidth,
    ratio: img.naturalHeight ? img.naturalWidth / img.naturalHeight : 0,
  });
}

/**
 * serverPreview is the small file of the photo that the server named in the
 * page it served for a direct link to that photo (a `<link rel="preload"
 * data-photo-id>`, fetched with the page, before the client ran): shown at
 * once while the photo's details and its large file arrive.
 */
export function serverPreview(photoId: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const link = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][data-photo-id]')].find((l) => l.dataset.photoId === photoId);
  return link?.getAttribute('href') ?? undefined;
}

/** heldImage is what can be shown of a photo at once: a file the browser holds, else the server's preview of a direct link. */
export function heldImage(photoId: string): string | undefined {
  return loadedImage(photoId)?.url ?? serverPreview(photoId);
}

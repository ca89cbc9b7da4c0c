/** What the viewer needs to know of a gallery to offer a photo's free download. */
export interface PhotoDownloadGallery {
  downloadInformation: { freeDownload: boolean; clientsOnly: boolean; qualities: readonly string[] };
  auth: { accessCodeAuthorized: boolean; needEmail: boolean; isClient: boolean; isPhotographer: boolean; readOnly: boolean };
}

/** A photo's download addresses (PhotoUrls). */
export interface PhotoDownloadUrls {
  original: string;
  webDownload: string;
}

export interface PhotoDownload {
  url: string;
  quality: 'hd' | 'web';
}

/**
 * photoDownload is the one-tap download of a photo in the viewer, where
 * the gallery gives its files away to this viewer, as the server allows it
 * (gallery.FreeDownload): the photographer always; others once in the
 * gallery (code and e-mail given) when it offers free downloads, to its
 * clients only when clientsOnly. The HD original when HD is offered, else
 * the web file. A read-only preview gets nothing; undefined: no button.
 */
export function photoDownload(gallery: PhotoDownloadGallery | undefined, urls: PhotoDownloadUrls | undefined): PhotoDownload | undefined {
  if (!gallery || !urls) return undefined;
  const { auth, downloadInformation: info } = gallery;
  if (!auth.accessCodeAuthorized || auth.needEmail || auth.readOnly) return undefined;
  const qualities = auth.isPhotographer ? ['hd'] : info.freeDownload && (!info.clientsOnly || auth.isClient) ? info.qualities : [];
  if (qualities.includes('hd') && urls.original) return { url: urls.original, quality: 'hd' };
  if (qualities.includes('web') && urls.webDownload) return { url: urls.webDownload, quality: 'web' };
  return undefined;
}

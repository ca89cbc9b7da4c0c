import type { TFunction } from 'i18next';
import type { DigitalQuality, DownloadStatus } from '../../gql/graphql';

/** asQualities keeps the qualities the API knows, in the order web, hd. */
export function asQualities(values: readonly string[]): DigitalQuality[] {
  return (['web', 'hd'] as const).filter((q) => values.includes(q));
}

/** isFinished tells a request that will not change any more (ready with its links, or failed). */
export function isFinished(status: DownloadStatus): boolean {
  return status === 'ready' || status === 'failed';
}

/** partLabel names the download of one archive: « Télécharger », or « Télécharger (partie 2) » when there are several. */
export function partLabel(t: TFunction, index: number, parts: number): string {
  return parts > 1 ? t('downloads.downloadPart', { part: index + 1 }) : t('downloads.download');
}

/**
 * startDownload downloads an archive from a button (a toast's action): the
 * links answer as attachments, so following one saves the file and the page
 * stays where it is.
 */
export function startDownload(href: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = '';
  a.rel = 'noopener';
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
}

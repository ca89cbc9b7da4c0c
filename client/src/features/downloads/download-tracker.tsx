import { useSubscription } from '@apollo/client/react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getFragmentData } from '../../gql';
import { notifications as appToasts, type NotificationInput, type NotificationStore } from '../../lib/notification-store';
import { DownloadRequestFieldsFragment, DownloadRequestUpdatedSubscription } from '../../lib/downloads/download-documents';
import { isFinished, partLabel, startDownload } from '../../lib/downloads/download-links';
import { followedDownloads, type FollowedDownloadsStore } from '../../lib/downloads/followed-downloads';

/** FollowedDownload follows one request in an 'ongoing' toast that becomes « prêtes » with its download buttons, or an error. */
function FollowedDownload({ id, followed, toasts }: { id: string; followed: FollowedDownloadsStore; toasts: NotificationStore }) {
  const { t } = useTranslation();
  const toastId = useRef<string | undefined>(undefined);
  const { data, error } = useSubscription(DownloadRequestUpdatedSubscription, { variables: { id }, context: { silentErrors: true } });
  const request = getFragmentData(DownloadRequestFieldsFragment, data?.downloadRequestUpdated);

  useEffect(() => {
    // The toast may have been closed by the visitor meanwhile: then a new one.
    const show = (input: NotificationInput) => {
      const shown = toastId.current && toasts.getSnapshot().some((n) => n.id === toastId.current && !n.leaving);
      if (shown && toastId.current) toasts.update(toastId.current, input);
      else toastId.current = toasts.notify(input);
    };
    if (error) {
      show({ type: 'error', message: t('downloads.requestError') });
      followed.unfollow(id);
      return;
    }
    if (!request) {
      if (!toastId.current) show({ type: 'ongoing', message: t('downloads.followingStarted') });
      return;
    }
    if (request.status === 'ready') {
      const links = request.links;
      show({
        type: 'success',
        message: t('downloads.readyToast'),
        // It stays until the visitor downloads or closes it.
        timeout: 0,
        actions: links.map((href, index) => ({ label: partLabel(t, index, links.length), onClick: () => startDownload(href), dismiss: links.length === 1 })),
      });
    } else if (request.status === 'failed') {
      show({ type: 'error', message: t('downloads.failed') });
    } else if (request.filesTotal > 0) {
      show({ type: 'ongoing', message: t('downloads.following', { done: request.filesDone, count: request.filesTotal }) });
    }
    if (isFinished(request.status)) followed.unfollow(id);
  }, [request, error, id, followed, toasts, t]);

  return null;
}

/**
 * DownloadTracker keeps following, from the gallery layout, the download
 * requests whose dialog was closed before their archives were ready: a toast
 * shows the preparation, then offers « Télécharger » (one button per archive)
 * when they are. The link is e-mailed too, so nothing is lost if the page is
 * left meanwhile.
 */
export function DownloadTracker({ followed = followedDownloads, toasts = appToasts }: { followed?: FollowedDownloadsStore; toasts?: NotificationStore }) {
  const ids = useSyncExternalStore(followed.subscribe, followed.getSnapshot, followed.getSnapshot);
  return (
    <>
      {ids.map((id) => (
        <FollowedDownload key={id} id={id} followed={followed} toasts={toasts} />
      ))}
    </>
  );
}

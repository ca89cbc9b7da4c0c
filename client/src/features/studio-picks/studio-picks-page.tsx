import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import type { StudioPicksQuery as StudioPicksData } from '../../gql/graphql';
import { errorCodes } from '../../lib/error-message';
import { intlLocale } from '../../lib/locale';
import { StudioPicksQuery, StudioPicksReopenAlbumMutation } from './documents';
import { commaList, csvTable, exportFileName, lightroomSearch, textLines } from './export';
import { sortPhotos, type SortKey } from './sort';
import styles from './studio-picks.module.css';

type Picks = StudioPicksData['studioPicks'];

/** STATUS_KEYS are the words of a download request's status. */
const STATUS_KEYS: Record<string, 'studioPicks.statusSubmitted' | 'studioPicks.statusPreparing' | 'studioPicks.statusReady' | 'studioPicks.statusFailed'> = {
  submitted: 'studioPicks.statusSubmitted',
  preparing: 'studioPicks.statusPreparing',
  ready: 'studioPicks.statusReady',
  failed: 'studioPicks.statusFailed',
};

/** StudioPicksPage is /studio/galeries/:id/selections: what the clients of a gallery picked, wrote, shared and downloaded. */
export function StudioPicksPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(StudioPicksQuery, { variables: { galleryId: id }, fetchPolicy: 'cache-and-network' });
  const picks = data?.studioPicks;
  if (loading && !picks) return <Spinner label={t('common.loading')} block />;
  if (!picks) {
    const codes = errorCodes(error);
    const key = codes.includes('unauthorized') ? 'unauthorized' : codes.includes('forbidden') || codes.includes('gallery_not_found') ? 'notFound' : 'failed';
    return (
      <section className={styles.card}>
        <p className={styles.error} role="alert">
          {t(`studioPicks.${key}`)}
        </p>
        <div className={styles.actions}>
          {key === 'failed' && (
            <button type="button" className={styles.secondary} onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
          )}
          <Link to={key === 'unauthorized' ? '/studio/connexion' : '/studio/galeries'}>{key === 'unauthorized' ? t('studio.signIn') : t('studio.back')}</Link>
        </div>
      </section>
    );
  }
  return <PicksScreen picks={picks} />;
}

function PicksScreen({ picks }: { picks: Picks }) {
  const { t, i18n } = useTranslation();
  const g = picks.gallery;
  const byId = useMemo(() => new Map(picks.photos.map((p) => [p.photo.id, p])), [picks.photos]);
  const date = useMemo(() => new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);
  const when = (iso: string | null | undefined) => (iso ? date.format(new Date(iso)) : '');
  const names = (ids: readonly string[]) => ids.map((pid) => byId.get(pid)?.photo.filename ?? '').filter(Boolean);
  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <div>
          <p className={styles.kicker}>{g.eventName}</p>
          <h1>{t('studioPicks.title')}</h1>
        </div>
        <div className={styles.actions}>
          <Link to={`/studio/galeries/${g.id}`} className={styles.secondary}>
            {t('studioPicks.settings')}
          </Link>
          <Link to={`/studio/galeries/${g.id}/photos`} className={styles.secondary}>
            {t('studio.photosLink')}
          </Link>
        </div>
      </div>
      <AlbumSection picks={picks} when={when} names={names} />
      <PhotosSection picks={picks} />
      <GuestsSection picks={picks} names={names} when={when} />
      <MessagesSection picks={picks} when={when} />
      <ActivitySection picks={picks} when={when} />
    </div>
  );
}

/** download saves text as a file of that name. */
function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** CopyField shows a text to copy, with its copy button. */
function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const ok = await navigator.clipboard?.writeText(value).then(
      () => true,
      () => false,
    );
    if (!ok) (document.getElementById(id) as HTMLTextAreaElement | null)?.select();
    setCopied(Boolean(ok));
  };
  return (
    <div className={styles.copyField}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} readOnly rows={2} value={value} className={styles.copyText} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className={styles.secondary} onClick={() => void copy()} aria-label={t('studioPicks.copyWhat', { what: label })}>
        {copied ? t('studio.copied') : t('studio.copy')}
      </button>
    </div>
  );
}

/** ExportBlock is a list of file names as a comma-separated list and a Lightroom string, with their downloads. */
function ExportBlock({ idPrefix, title, files, galleryUrl, what }: { idPrefix: string; title: string; files: string[]; galleryUrl: string; what: string }) {
  const { t } = useTranslation();
  if (!files.length) return null;
  return (
    <div className={styles.exports}>
      <h3>{title}</h3>
      <CopyField id={`${idPrefix}-lightroom`} label={t('studioPicks.lightroom')} value={lightroomSearch(files)} />
      <p className={styles.muted}>{t('studioPicks.lightroomHint')}</p>
      <CopyField id={`${idPrefix}-comma`} label={t('studioPicks.commaList')} value={commaList(files)} />
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={() => download(exportFileName(galleryUrl, what, 'txt'), textLines(files), 'text/plain;charset=utf-8')}>
          {t('studioPicks.downloadTxt')}
        </button>
        <button
          type="button"
          className={styles.secondary}
          onClick={() =>
            download(
              exportFileName(galleryUrl, what, 'csv'),
              csvTable(
                [t('studioPicks.csvFile')],
                files.map((f) => [f]),
              ),
              'text/csv;charset=utf-8',
            )
          }
        >
          {t('studioPicks.downloadCsv')}
        </button>
      </div>
    </div>
  );
}

function AlbumSection({ picks, when, names }: { picks: Picks; when: (iso?: string | null) => string; names: (ids: readonly string[]) => string[] }) {
  const { t } = useTranslation();
  const [reopen, { loading }] = useMutation(StudioPicksReopenAlbumMutation, {
    refetchQueries: [{ query: StudioPicksQuery, variables: { galleryId: picks.gallery.id } }],
    awaitRefetchQueries: true,
  });
  const [failed, setFailed] = useState(false);
  const album = picks.album;
  const byId = new Map(picks.photos.map((p) => [p.photo.id, p.photo]));
  const onReopen = async () => {
    setFailed(false);
    const res = await reopen({ variables: { input: { galleryId: picks.gallery.id } } }).catch(() => null);
    if (!res?.data || res.data.reopenAlbum.userErrors.length) setFailed(true);
  };
  return (
    <section className={styles.card} aria-labelledby="picks-album">
      <h2 id="picks-album">{t('studioPicks.albumTitle')}</h2>
      {!picks.gallery.album.activated && <p className={styles.muted}>{t('studioPicks.albumOff')}</p>}
      {!album || album.photoCount === 0 ? (
        <p className={styles.muted}>{t('studioPicks.albumEmpty')}</p>
      ) : (
        <>
          <p className={styles.status}>
            <span className={album.state === 'sent' ? styles.badgeSent : styles.badgeOpen}>
              {album.state === 'sent' ? t('studioPicks.albumSent') : t('studioPicks.albumOpen')}
            </span>{' '}
            {album.state === 'sent'
              ? t('studioPicks.albumSentBy', { email: album.sentBy || t('studioPicks.someone'), date: when(album.sentAt), count: album.photoCount })
              : t('studioPicks.albumInProgress', { date: when(album.updatedAt), count: album.photoCount })}
          </p>
          {album.state === 'sent' && (
            <div className={styles.actions}>
              <button type="button" className={styles.primary} disabled={loading} onClick={() => void onReopen()}>
                {t('studioPicks.reopen')}
              </button>
              <span className={styles.muted}>{t('studioPicks.reopenHint')}</span>
            </div>
          )}
          {failed && (
            <p className={styles.error} role="alert">
              {t('studioPicks.reopenFailed')}
            </p>
          )}
          <ul className={styles.thumbs} aria-label={t('studioPicks.albumPhotos')}>
            {album.photoIds.map((pid) => {
              const p = byId.get(pid);
              if (!p) return null;
              return (
                <li key={pid} data-photo-id={pid}>
                  <img src={p.urls.thumbnail} alt="" loading="lazy" />
                  <span>{p.filename}</span>
                </li>
              );
            })}
          </ul>
          <ExportBlock idPrefix="album" title={t('studioPicks.exportTitle')} files={names(album.photoIds)} galleryUrl={picks.gallery.url} what="album" />
        </>
      )}
    </section>
  );
}

function PhotosSection({ picks }: { picks: Picks }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<SortKey>('favorites');
  const photos = useMemo(() => sortPhotos(picks.photos, sort), [picks.photos, sort]);
  const liked = photos.filter((p) => p.favoriteCount > 0 || p.selectionCount > 0);
  return (
    <section className={styles.card} aria-labelledby="picks-photos">
      <h2 id="picks-photos">{t('studioPicks.photosTitle')}</h2>
      {liked.length === 0 ? (
        <p className={styles.muted}>{t('studioPicks.photosEmpty')}</p>
      ) : (
        <>
          <label className={styles.sort}>
            {t('studioPicks.sortBy')}
            <select value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
              <option value="favorites">{t('studioPicks.sortFavorites')}</option>
              <option value="selections">{t('studioPicks.sortSelections')}</option>
              <option value="name">{t('studioPicks.sortName')}</option>
              <option value="position">{t('studioPicks.sortPosition')}</option>
            </select>
          </label>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('studioPicks.colPhoto')}</th>
                  <th scope="col">{t('studioPicks.colFile')}</th>
                  <th scope="col">{t('studioPicks.colFavorites')}</th>
                  <th scope="col">{t('studioPicks.colSelections')}</th>
                  <th scope="col">{t('studioPicks.colAlbum')}</th>
                </tr>
              </thead>
              <tbody>
                {liked.map((p) => (
                  <tr key={p.photo.id} data-photo-id={p.photo.id}>
                    <td>
                      <img src={p.photo.urls.thumbnail} alt="" loading="lazy" className={styles.rowThumb} />
                    </td>
                    <td className={styles.file}>{p.photo.filename}</td>
                    <td>{p.favoriteCount}</td>
                    <td>{p.selectionCount}</td>
                    <td>{p.inAlbum ? t('studioPicks.yes') : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ExportBlock
            idPrefix="favorites"
            title={t('studioPicks.exportFavoritesTitle')}
            files={liked.filter((p) => p.favoriteCount > 0).map((p) => p.photo.filename)}
            galleryUrl={picks.gallery.url}
            what="favoris"
          />
        </>
      )}
    </section>
  );
}

function GuestsSection({ picks, names, when }: { picks: Picks; names: (ids: readonly string[]) => string[]; when: (iso?: string | null) => string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="picks-guests">
      <h2 id="picks-guests">{t('studioPicks.guestsTitle')}</h2>
      {picks.guests.length === 0 ? (
        <p className={styles.muted}>{t('studioPicks.guestsEmpty')}</p>
      ) : (
        <ul className={styles.guests}>
          {picks.guests.map((g) => (
            <li key={g.email}>
              <h3 className={styles.file}>{g.email}</h3>
              {g.favoritePhotoIds.length > 0 && (
                <p>
                  <strong>{t('studioPicks.guestFavorites', { count: g.favoritePhotoIds.length })}</strong> <span className={styles.file}>{commaList(names(g.favoritePhotoIds))}</span>
                </p>
              )}
              {g.selections
                .filter((s) => s.photoIds.length > 0)
                .map((s) => (
                  <p key={s.id}>
                    <strong>{t('studioPicks.guestSelection', { name: s.name, count: s.photoIds.length, date: when(s.createdAt) })}</strong>{' '}
                    <span className={styles.file}>{commaList(names(s.photoIds))}</span>
                  </p>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MessagesSection({ picks, when }: { picks: Picks; when: (iso?: string | null) => string }) {
  const { t } = useTranslation();
  const subject = t('studioPicks.replySubject', { gallery: picks.gallery.eventName });
  return (
    <section className={styles.card} aria-labelledby="picks-messages">
      <h2 id="picks-messages">{t('studioPicks.messagesTitle')}</h2>
      {picks.messages.length === 0 ? (
        <p className={styles.muted}>{t('studioPicks.messagesEmpty')}</p>
      ) : (
        <ul className={styles.messages}>
          {picks.messages.map((m) => (
            <li key={m.id}>
              <p className={styles.muted}>{t('studioPicks.messageFrom', { name: m.name, email: m.email, date: when(m.createdAt) })}</p>
              <p className={styles.messageText}>{m.message}</p>
              <a className={styles.secondary} href={`mailto:${encodeURIComponent(m.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`}>
                {t('studioPicks.reply')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ActivitySection({ picks, when }: { picks: Picks; when: (iso?: string | null) => string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="picks-activity">
      <h2 id="picks-activity">{t('studioPicks.activityTitle')}</h2>
      <h3>{t('studioPicks.sharesTitle', { count: picks.shares.length })}</h3>
      {picks.shares.length === 0 ? (
        <p className={styles.muted}>{t('studioPicks.sharesEmpty')}</p>
      ) : (
        <ul className={styles.activity}>
          {picks.shares.map((s) => (
            <li key={s.id}>
              {t('studioPicks.share', { name: s.senderName, email: s.senderEmail ? ` (${s.senderEmail})` : '', count: s.recipientCount, date: when(s.sentAt) })}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('studioPicks.downloadsTitle', { count: picks.downloadRequests.length })}</h3>
      {picks.downloadRequests.length === 0 ? (
        <p className={styles.muted}>{t('studioPicks.downloadsEmpty')}</p>
      ) : (
        <ul className={styles.activity}>
          {picks.downloadRequests.map((d) => (
            <li key={d.id}>
              {t(d.fromOrder ? 'studioPicks.downloadBought' : 'studioPicks.downloadFree', {
                email: d.email,
                quality: d.quality === 'hd' ? 'HD' : 'web',
                count: d.filesTotal,
                date: when(d.createdAt),
              })}{' '}
              <span className={styles.badge}>{STATUS_KEYS[d.status] ? t(STATUS_KEYS[d.status]) : d.status}</span>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.muted}>{t('studioPicks.singleDownloadsNote')}</p>
    </section>
  );
}

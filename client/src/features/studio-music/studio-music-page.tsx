import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData, type FragmentType } from '../../gql';
import type { UploadMusicTrackMutation as UploadMusicTrackData } from '../../gql/graphql';
import { DeleteMusicTrackMutation, RenameMusicTrackMutation, StudioMusicQuery, StudioMusicTrackFragment, UploadMusicTrackMutation } from './documents';
import { fieldErrors, formatDuration, formatLabel, formatSize, sendMultipart } from './upload';
import styles from './studio-music.module.css';

const studio = styles;

/** ACCEPTED_AUDIO is what the file picker offers; the server reads the real type from the bytes. */
const ACCEPTED_AUDIO = 'audio/mpeg,audio/aac,audio/mp4,audio/ogg,.mp3,.aac,.m4a,.ogg,.oga,.opus';

/** StudioMusicPage is the photographer's music library: add a track (MP3, AAC, Ogg), rename it, delete it when no gallery plays it. */
export function StudioMusicPage() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(StudioMusicQuery, { fetchPolicy: 'cache-and-network' });
  const tracks = data?.studioMusic ?? [];
  return (
    <div className={styles.page}>
      <div className={studio.pageHead}>
        <h1>{t('studioMusic.title')}</h1>
      </div>
      <p className={studio.muted}>{t('studioMusic.intro')}</p>
      <UploadCard onUploaded={() => void refetch()} />
      <section className={studio.card} aria-labelledby="music-library-title">
        <h2 id="music-library-title">{t('studioMusic.libraryTitle')}</h2>
        {loading && !data && <Spinner label={t('common.loading')} />}
        {error && !data && <p className={studio.error}>{t('studio.error')}</p>}
        {data && tracks.length === 0 && <p className={studio.muted}>{t('studioMusic.empty')}</p>}
        {tracks.length > 0 && (
          <ul className={styles.list}>
            {tracks.map((tr) => (
              <TrackRow key={tr.track.id} item={tr} onDeleted={() => void refetch()} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** UploadCard sends one audio file to the library (multipart uploadMusicTrack). */
function UploadCard({ onUploaded }: { onUploaded: () => void }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [artist, setArtist] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [added, setAdded] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded('');
    if (!file) {
      setErrors({ file: t('studioMusic.fileRequired') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const answer = await sendMultipart<UploadMusicTrackData>(UploadMusicTrackMutation, { input: { title: title.trim() || null, artist: artist.trim() || null } }, file);
      if (answer.error) {
        setErrors({ file: answer.error.code === 'body_too_large' || !answer.error.message ? t('studioMusic.uploadFailed') : answer.error.message });
        return;
      }
      const payload = answer.data?.uploadMusicTrack;
      const problems = payload?.userErrors ?? [];
      if (problems.length > 0) {
        setErrors(fieldErrors(problems, t));
        return;
      }
      const item = payload?.track ? getFragmentData(StudioMusicTrackFragment, payload.track) : undefined;
      setAdded(item?.track.title ?? '');
      setFile(null);
      setTitle('');
      setArtist('');
      if (fileInput.current) fileInput.current.value = '';
      // The gallery settings' track list reads the library again.
      await client.refetchQueries({ include: ['StudioGallerySettingsDetails'] }).catch(() => undefined);
      onUploaded();
    } catch {
      setErrors({ file: t('studioMusic.uploadFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={studio.card} aria-labelledby="music-upload-title">
      <h2 id="music-upload-title">{t('studioMusic.uploadTitle')}</h2>
      <form className={studio.form} onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.fileField}>
          <label htmlFor="music-file">{t('studioMusic.file')}</label>
          <input
            ref={fileInput}
            id="music-file"
            name="file"
            type="file"
            accept={ACCEPTED_AUDIO}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby="music-file-hint"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <p id="music-file-hint" className={studio.muted}>
            {t('studioMusic.fileHint')}
          </p>
          {errors.file && (
            <p className={studio.error} role="alert">
              {errors.file}
            </p>
          )}
        </div>
        <div className={styles.twoFields}>
          <FormField label={t('studioMusic.trackTitle')} name="title" value={title} maxLength={200} error={errors.title} hint={t('studioMusic.titleHint')} onChange={(e) => setTitle(e.target.value)} />
          <FormField label={t('studioMusic.artist')} name="artist" value={artist} maxLength={200} error={errors.artist} onChange={(e) => setArtist(e.target.value)} />
        </div>
        {errors[''] && <p className={studio.error}>{errors['']}</p>}
        <div className={studio.actions}>
          <button type="submit" className={studio.primary} disabled={busy}>
            {busy ? t('studioMusic.uploading') : t('studioMusic.upload')}
          </button>
          {added && (
            <p className={studio.notice} role="status">
              {t('studioMusic.added', { title: added })}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

/** TrackRow is one track: listen, rename, delete (refused while a gallery plays it). */
function TrackRow({ item: ref, onDeleted }: { item: FragmentType<typeof StudioMusicTrackFragment>; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const item = getFragmentData(StudioMusicTrackFragment, ref);
  const tr = item.track;
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(tr.title);
  const [artist, setArtist] = useState(tr.artist);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [rename, renaming] = useMutation(RenameMusicTrackMutation);
  const [remove, removing] = useMutation(DeleteMusicTrackMutation);
  const details = [formatLabel(item.contentType), formatDuration(tr.durationSeconds), item.sizeBytes ? formatSize(item.sizeBytes, i18n.language, { kb: t('studioMusic.kb'), mb: t('studioMusic.mb') }) : '']
    .filter(Boolean)
    .join(' · ');
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { data } = await rename({ variables: { input: { trackId: tr.id, title, artist } } });
      const problems = data?.renameMusicTrack.userErrors ?? [];
      setErrors(problems.length ? fieldErrors(problems, t) : {});
      if (problems.length === 0) setEditing(false);
    } catch {
      setErrors({ '': t('studio.error') });
    }
  };
  const del = async () => {
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    try {
      const { data } = await remove({ variables: { input: { trackId: tr.id } } });
      const problems = data?.deleteMusicTrack.userErrors ?? [];
      setErrors(problems.length ? fieldErrors(problems, t) : {});
      if (problems.length === 0) onDeleted();
    } catch {
      setErrors({ '': t('studio.error') });
    }
  };
  const problem = errors[''] || errors.trackId;
  return (
    <li className={styles.row} data-track={tr.id}>
      <div className={styles.rowHead}>
        <div className={styles.rowText}>
          <p className={styles.trackTitle}>{tr.title}</p>
          {tr.artist && <p className={studio.muted}>{tr.artist}</p>}
          <p className={studio.muted}>{details}</p>
        </div>
        <audio className={styles.audio} controls preload="none" src={tr.url} aria-label={t('studioMusic.listen', { title: tr.title })} />
      </div>
      <p className={styles.usedBy}>
        {item.usedBy.length === 0 ? (
          t('studioMusic.unused')
        ) : (
          <>
            {t('studioMusic.usedBy', { count: item.usedBy.length })}{' '}
            {item.usedBy.map((g, i) => (
              <span key={g.id}>
                {i > 0 && ', '}
                <Link to={`/studio/galeries/${g.id}`}>{g.eventName}</Link>
              </span>
            ))}
          </>
        )}
      </p>
      {editing ? (
        <form className={`${studio.form} ${styles.renameForm}`} onSubmit={(e) => void save(e)} noValidate>
          <div className={styles.twoFields}>
            <FormField label={t('studioMusic.trackTitle')} name="renameTitle" value={title} maxLength={200} required error={errors.title} onChange={(e) => setTitle(e.target.value)} />
            <FormField label={t('studioMusic.artist')} name="renameArtist" value={artist} maxLength={200} error={errors.artist} onChange={(e) => setArtist(e.target.value)} />
          </div>
          <div className={studio.actions}>
            <button type="submit" className={studio.primary} disabled={renaming.loading}>
              {t('studioMusic.saveRename')}
            </button>
            <button type="button" className={studio.secondary} onClick={() => setEditing(false)}>
              {t('studioMusic.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className={studio.actions}>
          <button type="button" className={studio.secondary} onClick={() => setEditing(true)}>
            {t('studioMusic.rename')}
          </button>
          <button type="button" className={studio.danger} onClick={() => void del()} disabled={removing.loading}>
            {confirming ? t('studioMusic.confirmDelete') : t('studioMusic.delete')}
          </button>
          {confirming && (
            <button type="button" className={studio.secondary} onClick={() => setConfirming(false)}>
              {t('studioMusic.cancel')}
            </button>
          )}
        </div>
      )}
      {problem && (
        <p className={studio.error} role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}

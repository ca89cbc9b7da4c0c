import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StudioSetGalleryMusicMutation } from './settings-documents';
import { useSaveSettings } from './use-save-settings';
import { fieldErrors } from './user-errors';
import studio from './studio.module.css';
import styles from './settings.module.css';

/** GalleryFeaturesValue is the part of a gallery the features section edits. */
export interface GalleryFeaturesValue {
  id: string;
  language: string;
  shopEnabled: boolean;
  showFilename: boolean;
  album: { activated: boolean; maxPhotos: number };
  downloadInformation: { freeDownload: boolean; clientsOnly: boolean; qualities: ReadonlyArray<string>; message: string };
}

const LANGUAGES = ['fr', 'nl', 'en'] as const;
const QUALITIES = ['web', 'hd'] as const;

/** GalleryFeaturesSection edits the album and its maximum, free downloads, the shop, file names and the gallery's language. */
export function GalleryFeaturesSection({ gallery }: { gallery: GalleryFeaturesValue }) {
  const { t } = useTranslation();
  const { save, errors, saved, loading } = useSaveSettings(gallery.id);
  const [albumOn, setAlbumOn] = useState(gallery.album.activated);
  const [albumMax, setAlbumMax] = useState(String(gallery.album.maxPhotos));
  const d = gallery.downloadInformation;
  const [free, setFree] = useState(d.freeDownload);
  const [clientsOnly, setClientsOnly] = useState(d.clientsOnly);
  const [qualities, setQualities] = useState<string[]>([...d.qualities]);
  const [shop, setShop] = useState(gallery.shopEnabled);
  const [filenames, setFilenames] = useState(gallery.showFilename);
  const [language, setLanguage] = useState(gallery.language);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const max = Number.parseInt(albumMax, 10);
    await save({
      album: { activated: albumOn, maxPhotos: Number.isFinite(max) ? max : -1 },
      downloadInformation: { freeDownload: free, clientsOnly, qualities },
      shopEnabled: shop,
      showFilename: filenames,
      language,
    });
  };
  const toggleQuality = (q: string, on: boolean) => setQualities((cur) => (on ? [...cur.filter((x) => x !== q), q] : cur.filter((x) => x !== q)));
  const fieldError = (name: string) =>
    errors[name] && (
      <span className={styles.fieldError} role="alert">
        {errors[name]}
      </span>
    );
  return (
    <section className={studio.card} aria-labelledby="features-title">
      <h2 id="features-title">{t('studioSettings.featuresTitle')}</h2>
      <form className={studio.form} onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className={styles.fieldset}>
          <legend>{t('studioSettings.albumTitle')}</legend>
          <label className={studio.check}>
            <input type="checkbox" name="albumActivated" checked={albumOn} onChange={(e) => setAlbumOn(e.target.checked)} />
            {t('studioSettings.albumOn')}
          </label>
          {albumOn && (
            <label className={styles.field}>
              {t('studioSettings.albumMax')}
              <input type="number" name="maxPhotos" min={0} max={10000} value={albumMax} onChange={(e) => setAlbumMax(e.target.value)} />
              <span className={studio.muted}>{t('studioSettings.albumMaxHint')}</span>
              {fieldError('maxPhotos')}
            </label>
          )}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>{t('studioSettings.downloadsTitle')}</legend>
          <label className={studio.check}>
            <input type="checkbox" name="freeDownload" checked={free} onChange={(e) => setFree(e.target.checked)} />
            {t('studioSettings.freeDownload')}
          </label>
          {free && (
            <>
              <label className={studio.check}>
                <input type="checkbox" name="clientsOnly" checked={clientsOnly} onChange={(e) => setClientsOnly(e.target.checked)} />
                {t('studioSettings.clientsOnly')}
              </label>
              <div className={styles.status}>
                {QUALITIES.map((q) => (
                  <label key={q} className={studio.check}>
                    <input type="checkbox" name={`quality-${q}`} checked={qualities.includes(q)} onChange={(e) => toggleQuality(q, e.target.checked)} />
                    {t(`studioSettings.quality_${q}`)}
                  </label>
                ))}
              </div>
              {fieldError('qualities')}
            </>
          )}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>{t('studioSettings.shopTitle')}</legend>
          <label className={studio.check}>
            <input type="checkbox" name="shopEnabled" checked={shop} onChange={(e) => setShop(e.target.checked)} />
            {t('studioSettings.shopOn')}
          </label>
          <span className={studio.muted}>{t('studioSettings.shopHint')}</span>
        </fieldset>
        <label className={studio.check}>
          <input type="checkbox" name="showFilename" checked={filenames} onChange={(e) => setFilenames(e.target.checked)} />
          {t('studioSettings.showFilename')}
        </label>
        <label className={styles.field}>
          {t('studioSettings.language')}
          <select name="language" value={language} onChange={(e) => setLanguage(e.target.value)}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`studioSettings.language_${l}`)}
              </option>
            ))}
          </select>
          <span className={studio.muted}>{t('studioSettings.languageHint')}</span>
          {fieldError('language')}
        </label>
        {errors[''] && <p className={studio.error}>{errors['']}</p>}
        <div className={studio.actions}>
          <button type="submit" className={studio.primary} disabled={loading}>
            {t('studioSettings.saveFeatures')}
          </button>
          {saved && (
            <p className={studio.notice} role="status">
              {t('studio.saved')}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

/** GalleryMusicValue is the gallery's music and the photographer's tracks to pick from. */
export interface GalleryMusicValue {
  id: string;
  music: { active: boolean; trackId?: string | null };
}

/** GalleryMusicSection switches the gallery's music on or off and picks one of the photographer's tracks (setGalleryMusic). */
export function GalleryMusicSection({
  gallery,
  tracks,
}: {
  gallery: GalleryMusicValue;
  tracks: ReadonlyArray<{ id: string; title: string; artist: string }>;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState(gallery.music.active);
  const [trackId, setTrackId] = useState(gallery.music.trackId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [setMusic, { loading }] = useMutation(StudioSetGalleryMusicMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    try {
      const { data } = await setMusic({ variables: { input: { galleryId: gallery.id, active, trackId } } });
      const problems = data?.setGalleryMusic.userErrors ?? [];
      setErrors(problems.length ? fieldErrors(problems, t) : {});
      setSaved(problems.length === 0 && Boolean(data?.setGalleryMusic.gallery));
    } catch {
      setErrors({ '': t('studio.error') });
    }
  };
  return (
    <section className={studio.card} aria-labelledby="music-title">
      <h2 id="music-title">{t('studioSettings.musicTitle')}</h2>
      <form className={studio.form} onSubmit={(e) => void submit(e)} noValidate>
        {tracks.length === 0 && <p className={studio.muted}>{t('studioSettings.noTracks')}</p>}
        <p className={studio.muted}>
          <Link to="/studio/musique">{t('studioMusic.manage')}</Link>
        </p>
        <label className={styles.field}>
          {t('studioSettings.track')}
          <select name="trackId" value={trackId} onChange={(e) => setTrackId(e.target.value)}>
            <option value="">{t('studioSettings.noTrack')}</option>
            {tracks.map((tr) => (
              <option key={tr.id} value={tr.id}>
                {tr.artist ? `${tr.title} — ${tr.artist}` : tr.title}
              </option>
            ))}
          </select>
          {errors.trackId && (
            <span className={styles.fieldError} role="alert">
              {errors.trackId}
            </span>
          )}
        </label>
        <label className={studio.check}>
          <input type="checkbox" name="musicActive" checked={active} onChange={(e) => setActive(e.target.checked)} />
          {t('studioSettings.musicOn')}
        </label>
        {(errors[''] || errors.active) && <p className={studio.error}>{errors[''] || errors.active}</p>}
        <div className={studio.actions}>
          <button type="submit" className={studio.primary} disabled={loading}>
            {t('studioSettings.saveMusic')}
          </button>
          {saved && (
            <p className={studio.notice} role="status">
              {t('studio.saved')}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

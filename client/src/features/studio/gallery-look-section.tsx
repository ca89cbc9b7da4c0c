import { useMemo, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeColor } from '../../lib/tint';
import type { ThemeColorName } from '../../lib/theme';
import { themeTints } from './settings-values';
import { useSaveSettings } from './use-save-settings';
import studio from './studio.module.css';
import styles from './settings.module.css';

/** GalleryLookValue is the part of a gallery the look section edits. */
export interface GalleryLookValue {
  id: string;
  hideSaleEmphasis: boolean;
  lightenHomepage: boolean;
  theme: {
    theme: string;
    variant: string;
    photosLayout: string;
    photosGap: { value: number };
    colorTheme: { colors: Record<ThemeColorName, string> };
  };
}

const THEMES = ['classic', 'modern', 'minimal'] as const;
const VARIANTS = ['light', 'dark'] as const;
const LAYOUTS = ['masonry', 'grid', 'justified'] as const;
const COLORS: ThemeColorName[] = ['primary', 'secondary', 'light', 'accent'];

/** TintPreview shows the colours the guest pages derive from the four theme colours, live. */
export function TintPreview({ colors, variant }: { colors: Partial<Record<ThemeColorName, string>>; variant: string }) {
  const { t } = useTranslation();
  const tints = useMemo(() => themeTints(colors, variant), [colors, variant]);
  const get = (variable: string) => tints.find((x) => x.variable === variable)?.value;
  const prefix = variant === 'dark' ? '--dark-color' : '--color';
  const sample: CSSProperties = {
    background: get(`${prefix}-light`),
    color: get(`${prefix}-primary`),
  };
  return (
    <div aria-label={t('studioSettings.tintsTitle')} role="group">
      <div className={styles.sample} style={sample} data-testid="theme-sample">
        <p>
          <strong>{t('studioSettings.sampleTitle')}</strong>
        </p>
        <p style={{ color: get(`${prefix}-secondary-text`) ?? get(`${prefix}-secondary`) }}>{t('studioSettings.sampleText')}</p>
        <button type="button" tabIndex={-1} className={styles.sampleButton} style={{ background: get(`${prefix}-accent`), color: get(`${prefix}-light`) }}>
          {t('studioSettings.sampleButton')}
        </button>
      </div>
      <ul className={styles.tints}>
        {tints.map((x) => (
          <li key={x.variable} className={styles.tint} data-variable={x.variable}>
            <span className={styles.swatch} style={{ background: x.value }} />
            <span>
              {t(`studioSettings.color_${x.name}`)}
              {x.step !== null && ` ${x.step}`}
            </span>
            <code>{x.value}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** GalleryLookSection edits the theme, its variant, the photo layout and gap, the colours (tints previewed live) and the shop's emphasis. */
export function GalleryLookSection({ gallery }: { gallery: GalleryLookValue }) {
  const { t } = useTranslation();
  const { save, errors, saved, loading } = useSaveSettings(gallery.id);
  const th = gallery.theme;
  const [theme, setTheme] = useState(th.theme);
  const [variant, setVariant] = useState(th.variant);
  const [layout, setLayout] = useState(th.photosLayout);
  const [gap, setGap] = useState(String(th.photosGap.value));
  const [colors, setColors] = useState<Record<ThemeColorName, string>>({ ...th.colorTheme.colors });
  const [hideSaleEmphasis, setHideSaleEmphasis] = useState(gallery.hideSaleEmphasis);
  const [lightenHomepage, setLightenHomepage] = useState(gallery.lightenHomepage);
  const readable = useMemo(() => {
    const out: Partial<Record<ThemeColorName, string>> = {};
    for (const name of COLORS) {
      const c = normalizeColor(colors[name]);
      if (c) out[name] = c;
    }
    return out;
  }, [colors]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save({
      theme: { theme, variant, photosLayout: layout, photosGap: gapValue(gap), colors },
      hideSaleEmphasis,
      lightenHomepage,
    });
  };
  const select = (name: string, label: string, value: string, set: (v: string) => void, values: readonly string[]) => (
    <label className={styles.field}>
      {label}
      <select name={name} value={value} onChange={(e) => set(e.target.value)}>
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`studioSettings.${name}_${v}`)}
          </option>
        ))}
      </select>
      {errors[name] && (
        <span className={styles.fieldError} role="alert">
          {errors[name]}
        </span>
      )}
    </label>
  );
  return (
    <section className={studio.card} aria-labelledby="look-title">
      <h2 id="look-title">{t('studioSettings.lookTitle')}</h2>
      <form className={studio.form} onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.grid}>
          {select('theme', t('studioSettings.theme'), theme, setTheme, THEMES)}
          {select('variant', t('studioSettings.variant'), variant, setVariant, VARIANTS)}
          {select('photosLayout', t('studioSettings.layout'), layout, setLayout, LAYOUTS)}
          <label className={styles.field}>
            {t('studioSettings.gap')}
            <input type="number" name="photosGap" min={0} max={64} value={gap} onChange={(e) => setGap(e.target.value)} />
            {errors.photosGap && (
              <span className={styles.fieldError} role="alert">
                {errors.photosGap}
              </span>
            )}
          </label>
        </div>
        <fieldset className={styles.fieldset}>
          <legend>{t('studioSettings.colorsTitle')}</legend>
          <div className={styles.grid}>
            {COLORS.map((name) => (
              <div key={name} className={styles.field}>
                <label htmlFor={`color-${name}`}>{t(`studioSettings.color_${name}`)}</label>
                <div className={styles.colorRow}>
                  <input
                    type="color"
                    aria-label={t('studioSettings.colorPicker', { name: t(`studioSettings.color_${name}`) })}
                    value={normalizeColor(colors[name]) ?? '#000000'}
                    onChange={(e) => setColors((c) => ({ ...c, [name]: e.target.value }))}
                  />
                  <input
                    id={`color-${name}`}
                    type="text"
                    name={`color-${name}`}
                    value={colors[name]}
                    spellCheck={false}
                    aria-invalid={errors[name] ? true : undefined}
                    onChange={(e) => setColors((c) => ({ ...c, [name]: e.target.value }))}
                  />
                </div>
                {errors[name] && (
                  <span className={styles.fieldError} role="alert">
                    {errors[name]}
                  </span>
                )}
              </div>
            ))}
          </div>
        </fieldset>
        <TintPreview colors={readable} variant={variant} />
        <label className={studio.check}>
          <input type="checkbox" name="hideSaleEmphasis" checked={hideSaleEmphasis} onChange={(e) => setHideSaleEmphasis(e.target.checked)} />
          {t('studioSettings.hideSaleEmphasis')}
        </label>
        <label className={studio.check}>
          <input type="checkbox" name="lightenHomepage" checked={lightenHomepage} onChange={(e) => setLightenHomepage(e.target.checked)} />
          {t('studioSettings.lightenHomepage')}
        </label>
        {errors[''] && <p className={studio.error}>{errors['']}</p>}
        <div className={studio.actions}>
          <button type="submit" className={studio.primary} disabled={loading}>
            {t('studioSettings.saveLook')}
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

/** gapValue reads the gap field; an unreadable one is sent as -1, which the server refuses beside the field. */
function gapValue(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : -1;
}

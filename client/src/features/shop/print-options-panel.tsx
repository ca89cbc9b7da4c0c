import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintBorder, PrintFinish, WhiteMarginPolicy } from '../../gql/graphql';
import { CropEditor } from './crop-editor';
import { cropRatio, fitCrop, type Crop, type Size } from './crop-geometry';
import styles from './shop.module.css';

/** PrintValue is what the buyer chose for a print. */
export interface PrintValue {
  finish: PrintFinish | null;
  border: PrintBorder | null;
  /** null: printed whole (with white margins when the ratios differ). */
  crop: Crop | null;
}

/** PrintOffer is what a photo may have on a format (PhotoProduct, or printChoices for pack formats). */
export interface PrintOffer {
  finishes: readonly PrintFinish[];
  borders: readonly PrintBorder[];
  whiteMargin: WhiteMarginPolicy;
  defaultCrop?: Crop | null;
}

const FINISH_KEYS: Record<PrintFinish, string> = { glossy: 'shop.finishGlossy', mat: 'shop.finishMat' };
const BORDER_KEYS: Record<PrintBorder, string> = { none: 'shop.borderNone', white: 'shop.borderWhite' };

/**
 * initialPrintValue is where a print's options start: the given ones when
 * still offered, else the first offered, and a crop when the format needs
 * one (fitted to the format's ratio).
 */
export function initialPrintValue(
  offer: PrintOffer & { defaultFinish?: PrintFinish | null },
  format: { shortSize: number; longSize: number },
  photo: Size,
  from: Partial<PrintValue> = {},
): PrintValue {
  const finish = from.finish && offer.finishes.includes(from.finish) ? from.finish : (offer.defaultFinish ?? offer.finishes[0] ?? null);
  const border = from.border && offer.borders.includes(from.border) ? from.border : (offer.borders[0] ?? null);
  const ratio = cropRatio(format, photo);
  let crop = from.crop ? fitCrop(from.crop, ratio, photo) : null;
  if (!crop && offer.whiteMargin === 'crop_required') crop = fitCrop(offer.defaultCrop, ratio, photo);
  return { finish, border, crop };
}

/**
 * PrintOptionsPanel chooses a print's finish and border (only among those
 * offered: a single one is stated, not asked) and whether it is cropped:
 * the white-margin warning when the photo's ratio differs from the
 * format's, a crop the buyer may turn on, or must make when white margins
 * are not allowed. PrintPreview beside it edits the crop.
 */
export function PrintOptionsPanel({
  photo,
  format,
  offer,
  value,
  onChange,
}: {
  photo: Size;
  format: { shortSize: number; longSize: number };
  offer: PrintOffer;
  value: PrintValue;
  onChange: (value: PrintValue) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const ratio = cropRatio(format, photo);
  const required = offer.whiteMargin === 'crop_required';

  return (
    <div className={styles.options}>
      {offer.finishes.length > 1 ? (
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>{t('shop.finish')}</legend>
          {offer.finishes.map((f) => (
            <label key={f} className={styles.choice}>
              <input type="radio" name={`${name}-finish`} value={f} checked={value.finish === f} onChange={() => onChange({ ...value, finish: f })} />
              <span className={styles.choiceName}>{t(FINISH_KEYS[f])}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        offer.finishes.length === 1 && <p className={styles.muted}>{t('shop.finishOnly', { finish: t(FINISH_KEYS[offer.finishes[0]]) })}</p>
      )}

      {offer.borders.length > 1 && (
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>{t('shop.border')}</legend>
          {offer.borders.map((b) => (
            <label key={b} className={styles.choice}>
              <input type="radio" name={`${name}-border`} value={b} checked={value.border === b} onChange={() => onChange({ ...value, border: b })} />
              <span className={styles.choiceName}>{t(BORDER_KEYS[b])}</span>
            </label>
          ))}
        </fieldset>
      )}

      {offer.whiteMargin === 'warning' && !value.crop && (
        <p className={styles.warning} role="status">
          {t('shop.whiteMarginWarning')}
        </p>
      )}
      {required && (
        <p className={styles.notice} role="status">
          {t('shop.cropRequired')}
        </p>
      )}
      {!required && (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={value.crop !== null}
            onChange={(e) => onChange({ ...value, crop: e.target.checked ? fitCrop(offer.defaultCrop, ratio, photo) : null })}
          />
          {t('shop.cropToggle')}
        </label>
      )}
    </div>
  );
}

/**
 * PrintPreview shows the print: the crop editor when the photo is cropped,
 * else the whole photo on paper of the format's shape (white margins where
 * the ratios differ, a white border when chosen).
 */
export function PrintPreview({
  photo,
  src,
  alt,
  format,
  value,
  onCropChange,
}: {
  photo: Size;
  src: string;
  alt: string;
  format: { shortSize: number; longSize: number };
  value: PrintValue;
  onCropChange: (crop: Crop) => void;
}) {
  const ratio = cropRatio(format, photo);
  if (value.crop) return <CropEditor src={src} alt={alt} photo={photo} ratio={ratio} crop={value.crop} onChange={onCropChange} />;
  return (
    <div className={styles.paperStage}>
      <div
        className={`${styles.paper} ${value.border === 'white' ? styles.paperBorder : ''}`}
        style={{ aspectRatio: String(ratio), width: `min(100%, 32rem, calc(65vh * ${ratio.toFixed(4)}))` }}
      >
        <img className={styles.paperImage} src={src} alt={alt} />
      </div>
    </div>
  );
}

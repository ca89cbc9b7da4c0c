import { useTranslation } from 'react-i18next';
import { FormField } from '../ui/form-field';
import { Spinner } from '../ui/spinner';
import styles from './captcha-field.module.css';

/** CaptchaImage is a captcha as newCaptcha answers it. */
export interface CaptchaImage {
  id: string;
  imageUrl: string;
  audioUrl: string;
}

/**
 * CaptchaField shows the code to copy (image, with the spoken alternative and
 * a button for a new image) and the field to copy it into.
 */
export function CaptchaField({
  captcha,
  value,
  onChange,
  onRefresh,
  error,
  refreshing,
}: {
  captcha: CaptchaImage | undefined;
  value: string;
  onChange: (value: string) => void;
  onRefresh: () => void;
  error?: string;
  refreshing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.captcha}>
      <div className={styles.captchaImage}>
        {captcha ? (
          <img src={captcha.imageUrl} alt={t('contact.captchaAlt')} width={240} height={80} data-captcha-id={captcha.id} />
        ) : (
          <Spinner label={t('contact.captchaLoading')} />
        )}
        <div className={styles.captchaTools}>
          {captcha && (
            <a href={captcha.audioUrl} target="_blank" rel="noreferrer">
              {t('contact.captchaAudio')}
            </a>
          )}
          <button type="button" className="button button-outline" onClick={onRefresh} disabled={refreshing}>
            {t('contact.captchaRefresh')}
          </button>
        </div>
      </div>
      <FormField
        label={t('contact.captcha')}
        hint={t('contact.captchaHint')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        inputMode="numeric"
        autoComplete="off"
        maxLength={12}
      />
    </fieldset>
  );
}

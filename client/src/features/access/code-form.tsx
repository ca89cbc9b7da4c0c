import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import { CaptchaField, type CaptchaImage } from '../../components/captcha/captcha-field';
import { NewCaptchaMutation } from '../../components/captcha/captcha-documents';
import { cleanCode, isCompleteCode } from './input-rules';
import styles from './access.module.css';

/** CaptchaAnswer is the captcha sent with a code, once the gallery asked for one. */
export interface CaptchaAnswer {
  captchaId: string;
  captchaText: string;
}

/** CodeRefusal is a refusal that asks for a captcha: the captcha to show and the message beside it. */
export interface CodeRefusal {
  captcha: CaptchaImage;
  message: string;
}

/**
 * CodeFormProps: onSubmit sends a complete code (with the captcha, once
 * asked) and returns the message to show beside the field, or a refusal
 * carrying the captcha to show, if any.
 */
export interface CodeFormProps {
  label: string;
  submitLabel: string;
  onSubmit: (code: string, captcha?: CaptchaAnswer) => Promise<string | CodeRefusal | undefined>;
}

/**
 * CodeForm is a code field with the complete-code rule (spec §5): the submit
 * button stays disabled until the code looks complete, and pressing Enter on
 * an incomplete code shows the required-field message instead of sending it.
 * Server messages appear beside the field.
 */
export function CodeForm({ label, submitLabel, onSubmit }: CodeFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The captcha the gallery asked for (after many wrong codes there).
  const [captcha, setCaptcha] = useState<CaptchaImage>();
  const [captchaText, setCaptchaText] = useState('');
  const [captchaError, setCaptchaError] = useState<string>();
  const [drawCaptcha, { loading: drawing }] = useMutation(NewCaptchaMutation);
  const complete = isCompleteCode(code);

  const refreshCaptcha = async () => {
    setCaptchaText('');
    try {
      const answer = (await drawCaptcha()).data?.newCaptcha;
      if (answer?.captcha) setCaptcha(answer.captcha);
      else if (answer?.userErrors[0]) setCaptchaError(answer.userErrors[0].message);
    } catch {
      // The error link told the visitor.
    }
  };

  const refuseIncomplete = () => setError(t(code.trim() === '' ? 'validation.accessCodeRequired' : 'validation.accessCodeIncomplete'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!complete) {
      refuseIncomplete();
      return;
    }
    if (captcha && captchaText.trim() === '') {
      setCaptchaError(t('contact.captchaRequired'));
      return;
    }
    setBusy(true);
    setError(undefined);
    setCaptchaError(undefined);
    try {
      const answer = await onSubmit(cleanCode(code), captcha ? { captchaId: captcha.id, captchaText: captchaText.trim() } : undefined);
      if (typeof answer === 'object') {
        // Each captcha works once: the refusal brings the next one.
        setCaptcha(answer.captcha);
        setCaptchaText('');
        setCaptchaError(answer.message);
      } else {
        setError(answer);
      }
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // A disabled submit button blocks implicit submission: say why instead.
    if (event.key === 'Enter' && !complete) {
      event.preventDefault();
      refuseIncomplete();
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <FormField
        label={label}
        name="code"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          if (error) setError(undefined);
        }}
        onKeyDown={onKeyDown}
        error={error}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        className={styles.codeField}
      />
      {captcha && (
        <>
          <p>{t('access.captchaIntro')}</p>
          <CaptchaField
            captcha={captcha}
            value={captchaText}
            onChange={(value) => {
              setCaptchaText(value);
              if (captchaError) setCaptchaError(undefined);
            }}
            onRefresh={() => void refreshCaptcha()}
            error={captchaError}
            refreshing={drawing}
          />
        </>
      )}
      <button type="submit" className="button button-primary" disabled={!complete || busy} aria-busy={busy || undefined}>
        {busy ? t('access.checking') : submitLabel}
      </button>
    </form>
  );
}

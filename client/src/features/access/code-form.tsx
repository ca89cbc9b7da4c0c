import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import { cleanCode, isCompleteCode } from './input-rules';
import styles from './access.module.css';

/** CodeFormProps: onSubmit sends a complete code and returns the message to show beside the field, if any. */
export interface CodeFormProps {
  label: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<string | undefined>;
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
  const complete = isCompleteCode(code);

  const refuseIncomplete = () => setError(t(code.trim() === '' ? 'validation.accessCodeRequired' : 'validation.accessCodeIncomplete'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!complete) {
      refuseIncomplete();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      setError(await onSubmit(cleanCode(code)));
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
      <button type="submit" className="button button-primary" disabled={!complete || busy} aria-busy={busy || undefined}>
        {busy ? t('access.checking') : submitLabel}
      </button>
    </form>
  );
}

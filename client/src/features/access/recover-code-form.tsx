import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import { graphql } from '../../gql';
import { cleanEmail, isPlausibleEmail } from './input-rules';
import { ACCESS_CALL_CONTEXT, failureMessage, userErrorMessage } from './user-errors';
import styles from './access.module.css';

export const RecoverClientCodeMutation = graphql(`
  mutation RecoverClientCode($input: RecoverClientCodeInput!) {
    recoverClientCode(input: $input) {
      sent
      userErrors {
        field
        message
        code
      }
    }
  }
`);

/**
 * RecoverCodeForm e-mails a client their code (recoverClientCode). The answer
 * never says whether the address is registered, and neither does the screen.
 */
export function RecoverCodeForm({ galleryId, initialEmail = '' }: { galleryId: string; initialEmail?: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [recover, { loading }] = useMutation(RecoverClientCodeMutation, { context: ACCESS_CALL_CONTEXT });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    if (cleanEmail(email) === '') return setError(t('validation.emailRequired'));
    if (!isPlausibleEmail(email)) return setError(t('errors.invalidEmail'));
    setError(undefined);
    try {
      const { data } = await recover({ variables: { input: { galleryId, email: cleanEmail(email) } } });
      const userError = data?.recoverClientCode.userErrors[0];
      if (userError) return setError(userErrorMessage(userError, t));
      setSent(true);
    } catch (failure) {
      setError(failureMessage(failure, t));
    }
  };

  if (sent) {
    return (
      <p className={styles.notice} role="status">
        {t('client.recoverSent')}
      </p>
    );
  }
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <FormField
        label={t('identity.emailLabel')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (error) setError(undefined);
        }}
        error={error}
        required
        autoFocus
      />
      <button type="submit" className="button button-primary" disabled={loading} aria-busy={loading || undefined}>
        {t('client.recoverSubmit')}
      </button>
    </form>
  );
}

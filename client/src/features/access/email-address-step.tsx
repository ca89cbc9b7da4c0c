import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import { graphql } from '../../gql';
import { cleanEmail, isPlausibleEmail } from './input-rules';
import { ACCESS_CALL_CONTEXT, failureMessage, userErrorMessage } from './user-errors';
import styles from './access.module.css';

export const RequestEmailCodeMutation = graphql(`
  mutation RequestEmailCode($input: RequestEmailCodeInput!) {
    requestEmailCode(input: $input) {
      email
      userErrors {
        field
        message
        code
      }
    }
  }
`);

/** EmailAddressStep asks for the e-mail and has a one-time code sent to it (requestEmailCode). */
export function EmailAddressStep({ galleryId, initialEmail, onSent }: { galleryId: string; initialEmail: string; onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [requestCode, { loading }] = useMutation(RequestEmailCodeMutation, { context: ACCESS_CALL_CONTEXT });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const address = cleanEmail(email);
    if (address === '') return setError(t('validation.emailRequired'));
    if (!isPlausibleEmail(address)) return setError(t('errors.invalidEmail'));
    setError(undefined);
    try {
      const { data } = await requestCode({ variables: { input: { galleryId, email: address } } });
      const payload = data?.requestEmailCode;
      const userError = payload?.userErrors[0];
      if (userError) return setError(userErrorMessage(userError, t));
      onSent(payload?.email || address);
    } catch (failure) {
      setError(failureMessage(failure, t));
    }
  };

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
        {loading ? t('identity.sending') : t('identity.sendCode')}
      </button>
    </form>
  );
}

import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import { graphql, getFragmentData } from '../../gql';
import { AccessAuthStateFragment, type AuthFields } from './access-auth';
import { digitsOnly, isCompleteOneTimeCode, ONE_TIME_CODE_LENGTH } from './input-rules';
import { ACCESS_CALL_CONTEXT, failureMessage, userErrorMessage } from './user-errors';
import styles from './access.module.css';

export const ConfirmEmailMutation = graphql(`
  mutation ConfirmEmail($input: ConfirmEmailInput!) {
    confirmEmail(input: $input) {
      auth {
        ...AccessAuthState
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

/** OneTimeCodeStepProps: the address the code went to, and the ways out of the step. */
export interface OneTimeCodeStepProps {
  galleryId: string;
  email: string;
  onConfirmed: (auth: AuthFields) => Promise<void> | void;
  onChangeEmail: () => void;
  onResend: () => Promise<string | undefined>;
}

/** OneTimeCodeStep takes the six-digit code sent by e-mail and confirms the address (confirmEmail). */
export function OneTimeCodeStep({ galleryId, email, onConfirmed, onChangeEmail, onResend }: OneTimeCodeStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [confirm, { loading }] = useMutation(ConfirmEmailMutation, { context: ACCESS_CALL_CONTEXT });
  const complete = isCompleteOneTimeCode(code);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    if (!complete) return setError(t(code === '' ? 'validation.required' : 'validation.oneTimeCodeDigits', { count: ONE_TIME_CODE_LENGTH }));
    setError(undefined);
    try {
      const { data } = await confirm({ variables: { input: { galleryId, email, code } } });
      const payload = data?.confirmEmail;
      const userError = payload?.userErrors[0];
      if (userError) return setError(userErrorMessage(userError, t));
      const auth = getFragmentData(AccessAuthStateFragment, payload?.auth);
      if (!auth) return setError(t('errors.authenticationFailed'));
      await onConfirmed(auth);
    } catch (failure) {
      setError(failureMessage(failure, t));
    }
  };

  const resend = async () => {
    setError(undefined);
    setNotice(undefined);
    const problem = await onResend();
    if (problem) setError(problem);
    else setNotice(t('identity.codeResent', { email }));
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <p className={styles.notice} role="status">
        {notice ?? t('identity.codeSent', { email })}
      </p>
      <FormField
        label={t('identity.codeLabel')}
        name="one-time-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={ONE_TIME_CODE_LENGTH}
        value={code}
        onChange={(e) => {
          setCode(digitsOnly(e.target.value));
          if (error) setError(undefined);
        }}
        error={error}
        hint={t('identity.codeHint', { count: ONE_TIME_CODE_LENGTH })}
        required
        autoFocus
        className={styles.codeField}
      />
      <button type="submit" className="button button-primary" disabled={loading} aria-busy={loading || undefined}>
        {t('identity.confirm')}
      </button>
      <div className={styles.secondary}>
        <button type="button" className={styles.linkButton} onClick={() => void resend()}>
          {t('identity.resend')}
        </button>
        <button type="button" className={styles.linkButton} onClick={onChangeEmail}>
          {t('identity.changeEmail')}
        </button>
      </div>
    </form>
  );
}

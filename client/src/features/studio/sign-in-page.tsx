import { useApolloClient, useMutation } from '@apollo/client/react';
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from '@simplewebauthn/browser';
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FormField } from '../../components/ui/form-field';
import { StudioAccountBeginSignInMutation, StudioAccountFinishSignInMutation } from './account-documents';
import { RequestStudioCodeMutation, SignInWithCodeMutation } from './documents';
import { cancelled, signInWithPasskey } from './passkey-ceremony';
import { fieldErrors } from './user-errors';
import styles from './studio.module.css';

/** EmailStep asks for the photographer's e-mail and sends the code (requestStudioCode). */
function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [request, { loading }] = useMutation(RequestStudioCodeMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') return setError(t('validation.emailRequired'));
    try {
      const { data } = await request({ variables: { input: { email } } });
      const payload = data?.requestStudioCode;
      if (payload?.userErrors.length) return setError(fieldErrors(payload.userErrors, t).email ?? payload.userErrors[0].message);
      onSent(payload?.email ?? email);
    } catch {
      setError(t('studio.error'));
    }
  };
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <p className={styles.muted}>{t('studio.signInIntro')}</p>
      <FormField label={t('studio.emailLabel')} name="email" type="email" autoComplete="username webauthn" value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={loading}>
          {t('studio.sendCode')}
        </button>
      </div>
    </form>
  );
}

/** CodeStep takes the six-digit code and signs in (signInWithCode). */
function CodeStep({ email, onBack, onSignedIn }: { email: string; onBack: () => void; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState(t('studio.codeSent', { email }));
  const [signIn, { loading }] = useMutation(SignInWithCodeMutation);
  const [resend] = useMutation(RequestStudioCodeMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(t('studio.codeDigits'));
    try {
      const { data } = await signIn({ variables: { input: { email, code } } });
      const payload = data?.signInWithCode;
      if (payload?.userErrors.length) return setError(payload.userErrors[0].message || t('studio.error'));
      if (payload?.photographer) onSignedIn();
    } catch {
      setError(t('studio.error'));
    }
  };
  const again = async () => {
    setError(undefined);
    const { data } = await resend({ variables: { input: { email } } }).catch(() => ({ data: undefined }));
    const problem = data?.requestStudioCode.userErrors[0];
    if (problem) setError(problem.message);
    else setNotice(t('studio.codeResent'));
  };
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <p className={styles.notice} role="status">
        {notice}
      </p>
      <FormField
        label={t('studio.codeLabel')}
        name="one-time-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        error={error}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={loading}>
          {t('studio.signIn')}
        </button>
        <button type="button" className={styles.secondary} onClick={() => void again()}>
          {t('studio.resend')}
        </button>
        <button type="button" className={styles.secondary} onClick={onBack}>
          {t('studio.changeEmail')}
        </button>
      </div>
    </form>
  );
}

/**
 * PasskeySignIn is « Se connecter avec une clé d'accès »: the button asks
 * the browser for a passkey of this site; where the browser offers passkeys
 * in the e-mail field's autofill (conditional mediation), a request waits
 * there from the start. Either signs in (finishPasskeySignIn).
 */
function PasskeySignIn({ onSignedIn, autofill }: { onSignedIn: () => void; autofill: boolean }) {
  const { t } = useTranslation();
  const [begin] = useMutation(StudioAccountBeginSignInMutation);
  const [finish] = useMutation(StudioAccountFinishSignInMutation);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (conditional: boolean) => {
    const started = (await begin()).data?.beginPasskeySignIn;
    if (!started?.optionsJSON) {
      if (!conditional) setError(started?.userErrors[0]?.message || t('studio.error'));
      return;
    }
    const responseJSON = await signInWithPasskey(started.optionsJSON, conditional);
    setBusy(true);
    const done = (await finish({ variables: { input: { responseJSON } } })).data?.finishPasskeySignIn;
    setBusy(false);
    if (done?.userErrors.length) return setError(done.userErrors[0].message || t('studio.error'));
    if (done?.photographer) onSignedIn();
  };
  const waitInAutofill = useEffectEvent(() => {
    void run(true).catch(() => setBusy(false));
  });
  useEffect(() => {
    if (!autofill) return;
    let live = true;
    void browserSupportsWebAuthnAutofill().then((ok) => {
      if (ok && live) waitInAutofill();
    });
    return () => {
      live = false;
    };
  }, [autofill]);
  if (!browserSupportsWebAuthn()) return null;
  const click = async () => {
    setError(undefined);
    try {
      await run(false);
    } catch (err) {
      setBusy(false);
      if (!cancelled(err)) setError(t('studio.error'));
      else setError(t('studioAccount.passkeyCancelled'));
    }
  };
  return (
    <div className={styles.form}>
      <p className={styles.muted}>{t('studioAccount.orPasskey')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => void click()}>
          {t('studioAccount.signInWithPasskey')}
        </button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** SignInPage is /studio/connexion: the e-mail, then the code it received. */
export function SignInPage() {
  const { t } = useTranslation();
  const client = useApolloClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState<string>();
  const from = (location.state as { from?: string } | null)?.from;
  const signedIn = async () => {
    await client.resetStore().catch(() => undefined);
    void navigate(from && from.startsWith('/studio/') && from !== '/studio/connexion' ? from : '/studio/galeries', { replace: true });
  };
  return (
    <div className={styles.shell}>
      <main id="main" className={styles.main}>
        <section className={`${styles.card} ${styles.narrow}`}>
          <h1>{t('studio.signInTitle')}</h1>
          {email ? <CodeStep email={email} onBack={() => setEmail(undefined)} onSignedIn={() => void signedIn()} /> : <EmailStep onSent={setEmail} />}
          {!email && <PasskeySignIn autofill onSignedIn={() => void signedIn()} />}
        </section>
      </main>
    </div>
  );
}

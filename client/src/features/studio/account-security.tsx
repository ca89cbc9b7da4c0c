import { useMutation, useQuery } from '@apollo/client/react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import {
  StudioAccountBeginRegistrationMutation,
  StudioAccountCreateTokenMutation,
  StudioAccountDeletePasskeyMutation,
  StudioAccountFinishRegistrationMutation,
  StudioAccountPasskeysQuery,
  StudioAccountRevokeTokenMutation,
  StudioAccountTokensQuery,
} from './account-documents';
import { cancelled, registerPasskey } from './passkey-ceremony';
import { fieldErrors } from './user-errors';
import own from './account-security.module.css';
import styles from './studio.module.css';

/** useDate formats a server time in the page's language (day and time), or the « never » word. */
function useDate() {
  const { t, i18n } = useTranslation();
  return (iso: string | null | undefined) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : t('studioAccount.never');
}

/** PasskeysSection lists the photographer's passkeys, registers a new one under a name and removes one. */
export function PasskeysSection() {
  const { t } = useTranslation();
  const date = useDate();
  const { data } = useQuery(StudioAccountPasskeysQuery);
  const [begin] = useMutation(StudioAccountBeginRegistrationMutation);
  const [finish] = useMutation(StudioAccountFinishRegistrationMutation, { refetchQueries: [StudioAccountPasskeysQuery] });
  const [remove] = useMutation(StudioAccountDeletePasskeyMutation, { refetchQueries: [StudioAccountPasskeysQuery] });
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const supported = browserSupportsWebAuthn();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    if (name.trim() === '') return setError(t('studioAccount.passkeyNameRequired'));
    setError(undefined);
    setBusy(true);
    try {
      const started = (await begin()).data?.beginPasskeyRegistration;
      if (!started?.optionsJSON) return setError(started?.userErrors[0]?.message || t('studio.error'));
      const responseJSON = await registerPasskey(started.optionsJSON);
      const done = (await finish({ variables: { input: { name, responseJSON } } })).data?.finishPasskeyRegistration;
      if (done?.userErrors.length) return setError(fieldErrors(done.userErrors, t).name ?? done.userErrors[0].message);
      setName('');
      setNotice(t('studioAccount.passkeyAdded', { name: done?.passkey?.name ?? name }));
    } catch (err) {
      setError(cancelled(err) ? t('studioAccount.passkeyCancelled') : t('studio.error'));
    } finally {
      setBusy(false);
    }
  };
  const passkeys = data?.studioPasskeys ?? [];
  return (
    <section className={styles.card} aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{t('studioAccount.passkeysTitle')}</h2>
      <p className={styles.muted}>{t('studioAccount.passkeysHint')}</p>
      {passkeys.length === 0 ? (
        <p>{t('studioAccount.noPasskey')}</p>
      ) : (
        <ul className={own.items} aria-label={t('studioAccount.passkeysTitle')}>
          {passkeys.map((p) => (
            <li key={p.id} className={own.item} data-passkey={p.name}>
              <div className={own.itemText}>
                <p className={own.name}>{p.name}</p>
                <p className={styles.muted}>{t('studioAccount.dates', { created: date(p.createdAt as string), used: date(p.lastUsedAt as string | null) })}</p>
              </div>
              <button
                type="button"
                className={styles.danger}
                onClick={() => {
                  if (window.confirm(t('studioAccount.removePasskeyConfirm', { name: p.name }))) void remove({ variables: { input: { passkeyId: p.id } } }).catch(() => setError(t('studio.error')));
                }}
              >
                {t('studioAccount.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <FormField label={t('studioAccount.passkeyName')} name="passkey-name" hint={t('studioAccount.passkeyNameHint')} maxLength={100} value={name} error={error} onChange={(e) => setName(e.target.value)} />
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={busy}>
              {t('studioAccount.addPasskey')}
            </button>
          </div>
        </form>
      ) : (
        <p className={styles.muted}>{t('studioAccount.passkeysUnsupported')}</p>
      )}
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
    </section>
  );
}

/** ApiTokensSection lists the API tokens (prefix only), creates one (its secret shown once, with a copy button) and revokes one. */
export function ApiTokensSection() {
  const { t } = useTranslation();
  const date = useDate();
  const { data } = useQuery(StudioAccountTokensQuery);
  const [create, { loading }] = useMutation(StudioAccountCreateTokenMutation, { refetchQueries: [StudioAccountTokensQuery] });
  const [revoke] = useMutation(StudioAccountRevokeTokenMutation);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [secret, setSecret] = useState<string>();
  const [copied, setCopied] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(t('studioAccount.tokenNameRequired'));
    setError(undefined);
    setCopied(false);
    try {
      const out = (await create({ variables: { input: { name } } })).data?.createApiToken;
      if (out?.userErrors.length) return setError(fieldErrors(out.userErrors, t).name ?? out.userErrors[0].message);
      setSecret(out?.token ?? undefined);
      setName('');
    } catch {
      setError(t('studio.error'));
    }
  };
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setError(t('studioAccount.copyFailed'));
    }
  };
  const tokens = data?.studioApiTokens ?? [];
  return (
    <section className={styles.card} aria-labelledby="tokens-title">
      <h2 id="tokens-title">{t('studioAccount.tokensTitle')}</h2>
      <p className={styles.muted}>{t('studioAccount.tokensHint')}</p>
      {secret && (
        <div className={styles.notice} role="status">
          <p>{t('studioAccount.tokenShownOnce')}</p>
          <p>
            <code className={own.secret} data-testid="new-token">
              {secret}
            </code>
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={() => void copy()}>
              {copied ? t('studioAccount.copied') : t('studioAccount.copy')}
            </button>
            <button type="button" className={styles.secondary} onClick={() => setSecret(undefined)}>
              {t('studioAccount.hideToken')}
            </button>
          </div>
        </div>
      )}
      {tokens.length === 0 ? (
        <p>{t('studioAccount.noToken')}</p>
      ) : (
        <ul className={own.items} aria-label={t('studioAccount.tokensTitle')}>
          {tokens.map((tok) => (
            <li key={tok.id} className={own.item} data-token={tok.name}>
              <div className={own.itemText}>
                <p className={own.name}>
                  {tok.name || t('studioAccount.unnamed')} <code className={own.prefix}>{tok.prefix ? `${tok.prefix}…` : 'glt_…'}</code>
                </p>
                <p className={styles.muted}>
                  {t('studioAccount.dates', { created: date(tok.createdAt as string), used: date(tok.lastUsedAt as string | null) })}
                  {tok.revokedAt ? ` · ${t('studioAccount.revokedOn', { date: date(tok.revokedAt as string) })}` : ''}
                </p>
              </div>
              {!tok.revokedAt && (
                <button
                  type="button"
                  className={styles.danger}
                  onClick={() => {
                    if (window.confirm(t('studioAccount.revokeConfirm', { name: tok.name || tok.prefix }))) void revoke({ variables: { input: { tokenId: tok.id } } }).catch(() => setError(t('studio.error')));
                  }}
                >
                  {t('studioAccount.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <FormField label={t('studioAccount.tokenName')} name="token-name" maxLength={100} value={name} error={error} onChange={(e) => setName(e.target.value)} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={loading}>
            {t('studioAccount.createToken')}
          </button>
        </div>
      </form>
    </section>
  );
}

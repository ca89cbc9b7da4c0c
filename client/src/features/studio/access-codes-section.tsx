import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateAccessCodeMutation, RevokeAccessCodeMutation } from './documents';
import styles from './studio.module.css';

/** StudioAccessCode is one code of the gallery as the section shows it. */
export interface StudioAccessCode {
  id: string;
  code: string;
  kind: 'client' | 'visitor';
  revokedAt?: string | null;
}

/** CodeItem is one code with its copy and revoke actions. */
function CodeItem({ code }: { code: StudioAccessCode }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [revoke, { loading }] = useMutation(RevokeAccessCodeMutation);
  const copy = async () => {
    await navigator.clipboard?.writeText(code.code).catch(() => undefined);
    setCopied(true);
  };
  return (
    <li className={styles.code}>
      <span className={styles.badge}>{code.kind === 'client' ? t('studio.clientCode') : t('studio.visitorCode')}</span>
      <code>{code.code}</code>
      {code.revokedAt ? (
        <span className={styles.muted}>{t('studio.revoked')}</span>
      ) : (
        <>
          <button type="button" className={styles.secondary} onClick={() => void copy()}>
            {copied ? t('studio.copied') : t('studio.copy')}
          </button>
          <button type="button" className={styles.secondary} disabled={loading} onClick={() => void revoke({ variables: { input: { accessCodeId: code.id } } })}>
            {t('studio.revoke')}
          </button>
        </>
      )}
    </li>
  );
}

/** AccessCodesSection lists a gallery's client and visitor codes, and generates new ones. */
export function AccessCodesSection({ galleryId, codes }: { galleryId: string; codes: ReadonlyArray<StudioAccessCode> }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const [create, { loading }] = useMutation(CreateAccessCodeMutation, { refetchQueries: ['StudioGallerySettings'] });
  const generate = async (kind: 'client' | 'visitor') => {
    setError(undefined);
    const { data } = await create({ variables: { input: { galleryId, kind } } }).catch(() => ({ data: undefined }));
    const problem = data?.createAccessCode.userErrors[0];
    if (!data || problem) setError(problem?.message || t('studio.error'));
  };
  return (
    <section className={styles.card} aria-labelledby="codes-title">
      <h2 id="codes-title">{t('studio.codesTitle')}</h2>
      {codes.length === 0 && <p className={styles.muted}>{t('studio.noCodes')}</p>}
      <ul className={styles.codes}>
        {codes.map((c) => (
          <CodeItem key={c.id} code={c} />
        ))}
      </ul>
      {error && <p className={styles.error}>{error}</p>}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} disabled={loading} onClick={() => void generate('client')}>
          {t('studio.generateClient')}
        </button>
        <button type="button" className={styles.secondary} disabled={loading} onClick={() => void generate('visitor')}>
          {t('studio.generateVisitor')}
        </button>
      </div>
    </section>
  );
}

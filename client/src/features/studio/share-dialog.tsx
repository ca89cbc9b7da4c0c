import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import { activeCodes, shareMailto, type ShareCode } from './settings-values';
import studio from './studio.module.css';
import styles from './settings.module.css';

/** ShareDialog gives the gallery's address to copy, its valid client and visitor codes, and a ready-made e-mail. */
export function ShareDialog({ url, eventName, codes, onClose }: { url: string; eventName: string; codes: ReadonlyArray<ShareCode>; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<string>();
  const link = `${window.location.origin}/${url}`;
  const valid = activeCodes(codes);
  const copy = async (what: string, text: string) => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(what);
  };
  const lines = [t('studioSettings.shareMailIntro', { name: eventName }), '', link];
  for (const c of valid) lines.push(t(c.kind === 'client' ? 'studioSettings.shareMailClientCode' : 'studioSettings.shareMailVisitorCode', { code: c.code }));
  const mailto = shareMailto(t('studioSettings.shareMailSubject', { name: eventName }), lines.join('\n'));
  return (
    <Modal title={t('studioSettings.shareTitle')} onClose={onClose} size="medium">
      <div className={studio.form}>
        <label className={styles.field} htmlFor="share-link">
          {t('studioSettings.shareLink')}
        </label>
        <div className={styles.shareLink}>
          <input id="share-link" readOnly value={link} onFocus={(e) => e.target.select()} />
          <button type="button" className={studio.secondary} onClick={() => void copy('link', link)}>
            {copied === 'link' ? t('studio.copied') : t('studio.copy')}
          </button>
        </div>
        {valid.length > 0 ? (
          <ul className={studio.codes} aria-label={t('studio.codesTitle')}>
            {valid.map((c) => (
              <li key={c.code} className={studio.code}>
                <span className={studio.badge}>{c.kind === 'client' ? t('studio.clientCode') : t('studio.visitorCode')}</span>
                <code>{c.code}</code>
                <button type="button" className={studio.secondary} onClick={() => void copy(c.code, c.code)}>
                  {copied === c.code ? t('studio.copied') : t('studio.copy')}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={studio.muted}>{t('studioSettings.shareNoCodes')}</p>
        )}
        <div className={studio.actions}>
          <a className={studio.primary} href={mailto}>
            {t('studioSettings.shareByMail')}
          </a>
          <button type="button" className={studio.secondary} onClick={onClose}>
            {t('studioSettings.close')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

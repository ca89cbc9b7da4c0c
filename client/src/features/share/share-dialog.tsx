import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, TextAreaField } from '../../components/ui/form-field';
import { Modal } from '../../components/ui/modal';
import { graphql } from '../../gql';
import { notify } from '../../lib/notification-store';
import styles from './share.module.css';

export const ShareGalleryMutation = graphql(`
  mutation ShareGallery($input: ShareGalleryInput!) {
    shareGallery(input: $input) {
      recipients
      userErrors {
        field
        message
        code
      }
    }
  }
`);

/** MAX_RECIPIENTS is how many addresses one share may name (spec §9). */
export const MAX_RECIPIENTS = 20;

interface ShareErrors {
  senderName?: string;
  emails: Record<number, string>;
  emailList?: string;
  message?: string;
  form?: string;
}

/**
 * checkShare finds what the server would refuse, as translation keys: a
 * missing name, no address, and each address repeated (the repeat, not the
 * first, as the server reports it). Validity is left to the server.
 */
export function checkShare(senderName: string, emails: string[]): { senderName?: string; emails: Record<number, string>; emailList?: string } {
  const result: { senderName?: string; emails: Record<number, string>; emailList?: string } = { emails: {} };
  if (!senderName.trim()) result.senderName = 'share.nameRequired';
  const seen = new Set<string>();
  let any = false;
  emails.forEach((raw, index) => {
    const email = raw.trim().toLowerCase();
    if (!email) return;
    any = true;
    if (seen.has(email)) result.emails[index] = 'share.duplicateEmail';
    seen.add(email);
  });
  if (!any) result.emailList = 'share.emailRequired';
  return result;
}

function hasErrors(e: ShareErrors): boolean {
  return Boolean(e.senderName || e.emailList || e.message || e.form || Object.keys(e.emails).length);
}

/** ShareDialog e-mails the gallery's link to up to 20 addresses, with the sender's name and an optional message. */
export function ShareDialog({ galleryId, onClose }: { galleryId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [senderName, setSenderName] = useState('');
  const [emails, setEmails] = useState<string[]>(['']);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<ShareErrors>({ emails: {} });
  const [share, { loading }] = useMutation(ShareGalleryMutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = checkShare(senderName, emails);
    const translated: ShareErrors = {
      senderName: local.senderName && t(local.senderName),
      emailList: local.emailList && t(local.emailList),
      emails: Object.fromEntries(Object.entries(local.emails).map(([i, key]) => [Number(i), t(key)])),
    };
    if (hasErrors(translated)) {
      setErrors(translated);
      return;
    }
    // Blank lines are left out; indices of the server's errors refer to the list sent.
    const sentIndexes = emails.flatMap((e, i) => (e.trim() ? [i] : []));
    setErrors({ emails: {} });
    try {
      const result = await share({
        variables: { input: { galleryId, senderName: senderName.trim(), emails: sentIndexes.map((i) => emails[i].trim()), message: message.trim() || null } },
      });
      const answer = result.data?.shareGallery;
      if (!answer) return;
      if (answer.userErrors.length === 0) {
        notify({ type: 'success', message: t('share.sent', { count: answer.recipients.length }) });
        onClose();
        return;
      }
      const next: ShareErrors = { emails: {} };
      for (const problem of answer.userErrors) {
        const [field, index] = problem.field ?? [];
        const text = problem.message || t('errors.unknown');
        if (field === 'senderName') next.senderName ??= text;
        else if (field === 'emails' && index !== undefined && sentIndexes[Number(index)] !== undefined) next.emails[sentIndexes[Number(index)]] ??= text;
        else if (field === 'emails') next.emailList ??= text;
        else if (field === 'message') next.message ??= text;
        else next.form ??= text;
      }
      setErrors(next);
    } catch {
      // The error link told the visitor.
    }
  };

  const setEmail = (index: number, value: string) => {
    setEmails((list) => list.map((e, i) => (i === index ? value : e)));
    if (errors.emails[index] || errors.emailList) setErrors((e) => ({ ...e, emailList: undefined, emails: { ...e.emails, [index]: '' } }));
  };

  return (
    <Modal title={t('share.title')} description={<p>{t('share.intro')}</p>} onClose={onClose} size="medium">
      <form onSubmit={submit} noValidate>
        <FormField label={t('share.senderName')} value={senderName} onChange={(e) => setSenderName(e.target.value)} error={errors.senderName} autoComplete="name" maxLength={100} />
        <ul className={styles.emails}>
          {emails.map((email, index) => (
            <li key={index} className={styles.emailRow}>
              <FormField
                label={t('share.email', { index: index + 1 })}
                type="email"
                value={email}
                onChange={(e) => setEmail(index, e.target.value)}
                error={errors.emails[index] || (index === 0 ? errors.emailList : undefined) || undefined}
                autoComplete="off"
              />
              {emails.length > 1 && (
                <button
                  type="button"
                  className={`icon-button ${styles.remove}`}
                  aria-label={t('share.removeEmail', { index: index + 1 })}
                  title={t('share.removeEmail', { index: index + 1 })}
                  onClick={() => {
                    setEmails((list) => list.filter((_, i) => i !== index));
                    setErrors((e) => ({ ...e, emails: {} }));
                  }}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
        {emails.length < MAX_RECIPIENTS && (
          <button type="button" className="button button-outline" onClick={() => setEmails((list) => [...list, ''])}>
            {t('share.addEmail')}
          </button>
        )}
        <TextAreaField label={t('share.message')} value={message} onChange={(e) => setMessage(e.target.value)} error={errors.message} maxLength={2000} rows={4} />
        {errors.form && (
          <p className={styles.formError} role="alert">
            {errors.form}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={loading}>
          {t('share.submit')}
        </button>
      </form>
    </Modal>
  );
}

import { useMutation, useSubscription } from '@apollo/client/react';
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormField } from '../ui/form-field';
import { Modal } from '../ui/modal';
import { getFragmentData } from '../../gql';
import { DownloadErrorFieldsFragment } from '../../lib/user-error-fields';
import type { DigitalQuality, DownloadRequestFieldsFragment as DownloadRequestData } from '../../gql/graphql';
import { DownloadRequestFieldsFragment, DownloadRequestUpdatedSubscription } from '../../lib/downloads/download-documents';
import { RequestDownloadMutation, ResendDownloadLinkMutation } from '../../lib/downloads/download-request-documents';
import { isFinished } from '../../lib/downloads/download-links';
import { DownloadLinks } from './download-links';
import { DownloadProgress } from './download-progress';
import { followedDownloads, type FollowedDownloadsStore } from '../../lib/downloads/followed-downloads';
import styles from './downloads.module.css';
import { intlLocale } from '../../lib/locale';

/** DownloadOffer is what the gallery lets the viewer download, and the e-mail to prefill. */
export interface DownloadOffer {
  galleryId: string;
  collections: readonly string[];
  qualities: readonly DigitalQuality[];
  message: string;
  email: string;
}

interface FormErrors {
  collections?: string;
  email?: string;
  form?: string;
}

/**
 * DownloadDialog asks for the gallery's photos as ZIP archives: the
 * collections (at least one), the quality when both are offered and the
 * e-mail that gets the link, with the photographer's message. Once the
 * request is taken it shows its preparation live, then one download button
 * per archive. A probably mistyped e-mail is shown with a warning, to fix or
 * to confirm as it is. Closed before the archives are ready, the request is
 * handed to `followed` (the gallery layout's DownloadTracker), which says when
 * they are.
 */
export function DownloadDialog({ offer, onClose, followed = followedDownloads }: { offer: DownloadOffer; onClose: () => void; followed?: FollowedDownloadsStore }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<readonly string[]>(offer.collections);
  const [quality, setQuality] = useState<DigitalQuality>(offer.qualities[0] ?? 'web');
  const [email, setEmail] = useState(offer.email);
  const [errors, setErrors] = useState<FormErrors>({});
  const [suspicious, setSuspicious] = useState(false);
  const [taken, setTaken] = useState<DownloadRequestData | undefined>();
  const [requestDownload, { loading }] = useMutation(RequestDownloadMutation);
  const live = useSubscription(DownloadRequestUpdatedSubscription, {
    variables: { id: taken?.id ?? '' },
    skip: !taken,
    context: { silentErrors: true },
  });
  const update = getFragmentData(DownloadRequestFieldsFragment, live.data?.downloadRequestUpdated);
  const request = taken && (update?.id === taken.id ? update : taken);
  const collectionsId = useId();

  // However the dialog goes away (closed, or the page left), a request still
  // being prepared is handed to the tracker.
  const unfinished = useEffectEvent(() => (request && !isFinished(request.status) ? request.id : undefined));
  useEffect(
    () => () => {
      const id = unfinished();
      if (id) followed.follow(id);
    },
    [followed],
  );

  const send = async (emailConfirmed: boolean) => {
    const local: FormErrors = {};
    if (chosen.length === 0) local.collections = t('downloads.collectionsRequired');
    if (!email.trim()) local.email = t('validation.emailRequired');
    setErrors(local);
    if (local.collections || local.email) return;
    try {
      const result = await requestDownload({
        variables: {
          input: {
            galleryId: offer.galleryId,
            email: email.trim(),
            // In the gallery's order, whatever the order of the clicks.
            collections: offer.collections.filter((c) => chosen.includes(c)),
            quality,
            emailConfirmed,
          },
        },
        context: { silentErrors: true },
      });
      const answer = result.data?.requestDownload;
      if (!answer) {
        setErrors({ form: t('downloads.requestError') });
        return;
      }
      if (answer.request && answer.userErrors.length === 0) {
        setSuspicious(false);
        setTaken(getFragmentData(DownloadRequestFieldsFragment, answer.request));
        return;
      }
      const next: FormErrors = {};
      let warn = false;
      for (const problem of getFragmentData(DownloadErrorFieldsFragment, answer.userErrors)) {
        const text = problem.message || t('downloads.requestError');
        if (problem.code === 'email_suspicious') warn = true;
        else if (problem.code === 'collections_required') next.collections ??= t('downloads.collectionsRequired');
        else if (problem.field?.[0] === 'email') next.email ??= text;
        else if (problem.field?.[0] === 'collections') next.collections ??= text;
        else next.form ??= text;
      }
      setSuspicious(warn);
      setErrors(next);
    } catch {
      // download_not_allowed, a network failure…: the dialog stays open to try again.
      setErrors({ form: t('downloads.requestError') });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  const toggle = (name: string, on: boolean) => {
    setChosen((list) => (on ? [...list.filter((c) => c !== name), name] : list.filter((c) => c !== name)));
    if (errors.collections) setErrors((e) => ({ ...e, collections: undefined }));
  };

  return (
    <Modal title={t('downloads.title')} description={request ? undefined : <p>{t('downloads.intro')}</p>} onClose={onClose} size="medium">
      {request ? (
        <DownloadState request={request} lost={Boolean(live.error)} onAgain={() => setTaken(undefined)} />
      ) : (
        <form onSubmit={submit} noValidate>
          {offer.message && <p className={styles.message}>{offer.message}</p>}
          <fieldset className={styles.choices} aria-describedby={errors.collections ? `${collectionsId}-error` : undefined}>
            <legend className={styles.legend}>{t('downloads.collections')}</legend>
            {offer.collections.map((name) => (
              <label key={name} className={styles.choice}>
                <input type="checkbox" checked={chosen.includes(name)} onChange={(e) => toggle(name, e.target.checked)} />
                <span>{name}</span>
              </label>
            ))}
            {errors.collections && (
              <p id={`${collectionsId}-error`} className={styles.error} role="alert">
                {errors.collections}
              </p>
            )}
          </fieldset>
          {offer.qualities.length > 1 && (
            <fieldset className={styles.choices}>
              <legend className={styles.legend}>{t('downloads.quality')}</legend>
              {offer.qualities.map((q) => (
                <label key={q} className={styles.choice}>
                  <input type="radio" name="download-quality" value={q} checked={quality === q} onChange={() => setQuality(q)} />
                  <span>{t(q === 'hd' ? 'downloads.qualityHd' : 'downloads.qualityWeb')}</span>
                </label>
              ))}
            </fieldset>
          )}
          <FormField
            label={t('downloads.email')}
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setSuspicious(false);
              if (errors.email) setErrors((x) => ({ ...x, email: undefined }));
            }}
            error={errors.email}
            hint={t('downloads.emailHint')}
            autoComplete="email"
            maxLength={254}
          />
          {suspicious && (
            <div className={styles.warning} role="alert">
              <p>{t('downloads.emailSuspicious')}</p>
              <button type="button" className="button button-outline button-small" disabled={loading} onClick={() => void send(true)}>
                {t('downloads.confirmEmail')}
              </button>
            </div>
          )}
          {errors.form && (
            <p className={styles.error} role="alert">
              {errors.form}
            </p>
          )}
          <button type="submit" className="button button-primary" disabled={loading}>
            {t('downloads.submit')}
          </button>
        </form>
      )}
    </Modal>
  );
}

/** statusText is what the live status line says of a request not failed. */
function statusText(t: TFunction, request: DownloadRequestData): string {
  if (request.status === 'ready') return t('downloads.ready');
  if (request.filesTotal > 0) return t('downloads.preparing', { done: request.filesDone, count: request.filesTotal });
  return t('downloads.submitted');
}

/**
 * DownloadState shows a request being prepared (with its progress), ready
 * (its archives), or failed. Focus moves to it when the form gives way, and
 * one status line announces each step.
 */
function DownloadState({ request, lost, onAgain }: { request: DownloadRequestData; lost: boolean; onAgain: () => void }) {
  const { t, i18n } = useTranslation();
  const [resend, { loading: resending }] = useMutation(ResendDownloadLinkMutation);
  const [resent, setResent] = useState<'sent' | 'error' | undefined>();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);

  if (request.status === 'failed') {
    return (
      <div ref={box} tabIndex={-1} className={styles.state}>
        <p className={styles.error} role="alert">
          {t('downloads.failed')}
        </p>
        <button type="button" className="button button-primary" onClick={onAgain}>
          {t('downloads.again')}
        </button>
      </div>
    );
  }

  const ready = request.status === 'ready';
  const expires = ready && request.expiresAt ? new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'long' }).format(new Date(request.expiresAt)) : undefined;
  const doResend = async () => {
    try {
      const result = await resend({ variables: { input: { requestId: request.id } }, context: { silentErrors: true } });
      setResent(result.data?.resendDownloadLink.userErrors.length === 0 ? 'sent' : 'error');
    } catch {
      setResent('error');
    }
  };

  return (
    <div ref={box} tabIndex={-1} className={styles.state}>
      <p className={ready ? styles.ready : undefined} role="status">
        {statusText(t, request)}
      </p>
      {ready ? (
        <>
          <DownloadLinks links={request.links} />
          <p className={styles.note}>{t('downloads.mailed', { email: request.email })}</p>
          {expires && <p className={styles.note}>{t('downloads.expires', { date: expires })}</p>}
          {resent === 'sent' ? (
            <p className={styles.note} role="status">
              {t('downloads.resent', { email: request.email })}
            </p>
          ) : (
            <button type="button" className="button button-outline button-small" disabled={resending} onClick={() => void doResend()}>
              {t('downloads.resend')}
            </button>
          )}
          {resent === 'error' && (
            <p className={styles.error} role="alert">
              {t('errors.mailNotSent')}
            </p>
          )}
        </>
      ) : (
        <>
          <DownloadProgress filesDone={request.filesDone} filesTotal={request.filesTotal} />
          {lost && (
            <p className={styles.error} role="alert">
              {t('downloads.requestError')}
            </p>
          )}
          <p className={styles.note}>{t('downloads.closeHint')}</p>
        </>
      )}
    </div>
  );
}

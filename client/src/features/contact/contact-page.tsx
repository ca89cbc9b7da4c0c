import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { FormField, TextAreaField } from '../../components/ui/form-field';
import { PageMessage } from '../../components/ui/page-message';
import { Spinner } from '../../components/ui/spinner';
import { graphql } from '../../gql';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';
import { CaptchaField, type CaptchaImage } from '../../components/captcha/captcha-field';
import { NewCaptchaMutation } from '../../components/captcha/captcha-documents';
import styles from './contact.module.css';

export const ContactGalleryQuery = graphql(`
  query ContactGallery($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
    }
  }
`);

export const ContactPhotographerMutation = graphql(`
  mutation ContactPhotographer($input: ContactPhotographerInput!) {
    contactPhotographer(input: $input) {
      sent
      userErrors {
        field
        message
        code
      }
    }
  }
`);

type Field = 'name' | 'email' | 'message' | 'captchaText';
type Errors = Partial<Record<Field | 'form', string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** checkContact finds the problems the server would report on the fields, as translation keys. */
export function checkContact(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.name.trim()) errors.name = 'contact.nameRequired';
  if (!values.email.trim()) errors.email = 'validation.emailRequired';
  else if (!EMAIL.test(values.email.trim())) errors.email = 'errors.invalidEmail';
  if (!values.message.trim()) errors.message = 'contact.messageRequired';
  if (!values.captchaText.trim()) errors.captchaText = 'contact.captchaRequired';
  return errors;
}

function fieldOf(path: ReadonlyArray<string> | null | undefined): Field | 'form' {
  const name = path?.[0];
  if (name === 'name' || name === 'email' || name === 'message') return name;
  if (name === 'captchaText' || name === 'captchaId') return 'captchaText';
  return 'form';
}

/**
 * ContactPage is the contact form: name, e-mail, message and the captcha.
 * It needs no access code (asking for one is a reason to write). Every
 * answer uses the captcha up, so a new one is drawn after each attempt.
 */
export function ContactPage() {
  const { t } = useTranslation();
  const { galleryId: galleryUrl = '' } = useParams();
  const gallery = useQuery(ContactGalleryQuery, { variables: galleryVariables(galleryUrl, usePreviewHash(galleryUrl)) });
  const galleryId = gallery.data?.gallery.id;
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', message: '', captchaText: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [captcha, setCaptcha] = useState<CaptchaImage>();
  const [sent, setSent] = useState(false);
  const [drawCaptcha, { loading: drawing }] = useMutation(NewCaptchaMutation);
  const [send, { loading: sending }] = useMutation(ContactPhotographerMutation);

  // A new captcha, shown once drawn (the error link tells of a failure).
  const draw = useCallback(
    () =>
      drawCaptcha().then(
        (result) => {
          const answer = result.data?.newCaptcha;
          if (answer?.captcha) setCaptcha(answer.captcha);
          else if (answer?.userErrors[0]) setErrors((e) => ({ ...e, captchaText: answer.userErrors[0].message }));
        },
        () => undefined,
      ),
    [drawCaptcha],
  );
  const refresh = () => {
    setValues((v) => ({ ...v, captchaText: '' }));
    void draw();
  };

  useEffect(() => {
    void draw();
  }, [draw]);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = checkContact(values);
    if (Object.keys(local).length > 0) {
      setErrors(Object.fromEntries(Object.entries(local).map(([k, key]) => [k, t(key)])));
      return;
    }
    if (!galleryId || !captcha) return;
    setErrors({});
    try {
      const result = await send({
        variables: {
          input: { galleryId, name: values.name.trim(), email: values.email.trim(), message: values.message, captchaId: captcha.id, captchaText: values.captchaText.trim() },
        },
      });
      const answer = result.data?.contactPhotographer;
      if (answer?.sent) {
        setSent(true);
        setValues({ name: '', email: '', message: '', captchaText: '' });
        return;
      }
      const next: Errors = {};
      for (const problem of answer?.userErrors ?? []) {
        const field = fieldOf(problem.field);
        next[field] ??= problem.message || t('errors.unknown');
      }
      setErrors(next);
    } catch {
      // The error link told the visitor.
    }
    refresh();
  };

  const back = (
    <Link to={galleryPath(galleryUrl, 'galleryHome')} className="button button-outline">
      {t('contact.back')}
    </Link>
  );

  if (sent) {
    return (
      <PageMessage
        title={t('contact.title')}
        actions={
          <>
            {back}
            <button type="button" className="button button-primary" onClick={() => {
                setSent(false);
                refresh();
              }}>
              {t('contact.sendAnother')}
            </button>
          </>
        }
      >
        <p role="status">{t('contact.sent')}</p>
      </PageMessage>
    );
  }
  if (!galleryId) {
    return gallery.error ? <PageMessage title={t('gallery.errorLoading')} tone="error" icon="!" actions={back} /> : <Spinner block label={t('common.loading')} />;
  }

  return (
    <div className={styles.page}>
      <h1>{t('contact.title')}</h1>
      <p>{t('contact.intro')}</p>
      <form onSubmit={submit} noValidate>
        <FormField label={t('contact.name')} value={values.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} autoComplete="name" maxLength={100} />
        <FormField label={t('contact.email')} type="email" value={values.email} onChange={(e) => set('email')(e.target.value)} error={errors.email} autoComplete="email" />
        <TextAreaField label={t('contact.message')} value={values.message} onChange={(e) => set('message')(e.target.value)} error={errors.message} maxLength={5000} />
        <CaptchaField captcha={captcha} value={values.captchaText} onChange={set('captchaText')} onRefresh={refresh} error={errors.captchaText} refreshing={drawing} />
        {errors.form && (
          <p className={styles.formError} role="alert">
            {errors.form}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className="button button-primary" disabled={sending || !captcha}>
            {t('contact.submit')}
          </button>
          {back}
        </div>
      </form>
    </div>
  );
}

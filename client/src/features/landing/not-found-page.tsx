import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageMessage } from '../../components/ui/page-message';

/** NotFoundPage is the 404 for any address that matches no route. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { galleryId } = useParams();
  return (
    <PageMessage
      title={t('notFound.title')}
      icon="404"
      actions={
        galleryId ? (
          <Link className="button button-primary" to={`/${encodeURIComponent(galleryId)}`}>
            {t('notFound.galleryHome')}
          </Link>
        ) : (
          <Link className="button button-primary" to="/">
            {t('notFound.home')}
          </Link>
        )
      }
    >
      <p>{t('notFound.message')}</p>
    </PageMessage>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageMessage } from './page-message';

/** ComingSoonPage stands in for a gallery screen that a later issue builds. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const { galleryId } = useParams();
  return (
    <PageMessage
      title={t('comingSoon.title')}
      icon="✦"
      actions={
        galleryId ? (
          <Link className="button button-primary" to={`/${encodeURIComponent(galleryId)}`}>
            {t('comingSoon.back')}
          </Link>
        ) : undefined
      }
    >
      <p>{t('comingSoon.message')}</p>
    </PageMessage>
  );
}

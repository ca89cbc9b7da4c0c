import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { PageMessage } from '../../components/ui/page-message';
import { Spinner } from '../../components/ui/spinner';
import { graphql } from '../../gql';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';
import { useApplyAccess } from './access-auth';
import { GalleryCodeForm } from './gallery-code-form';
import { AccessCover } from './access-cover';
import { ClientCodeDialog } from './client-code-dialog';
import { suggestedEmail } from './suggested-email';
import styles from './access.module.css';

export const AccessCodePageQuery = graphql(`
  query AccessCodePage($url: String!, $previewHash: String) {
    gallery(url: $url, previewHash: $previewHash) {
      id
      accessPolicy {
        hasClients
      }
      auth {
        accessCodeAuthorized
      }
      ...AccessCover_gallery
    }
  }
`);

/** AccessLocationState is what the layout's redirect leaves in history: where the visitor was going. */
export interface AccessLocationState {
  from?: string;
}

/** returnAddress is where to go once the gallery is open: `from` if it is a page of this gallery, else its home. */
export function returnAddress(state: unknown, galleryUrl: string): string {
  const home = galleryPath(galleryUrl, 'galleryHome');
  const from = (state as AccessLocationState | null)?.from;
  if (typeof from !== 'string') return home;
  const access = galleryPath(galleryUrl, 'galleryAccess');
  const samePage = from === home || from.startsWith(`${home}/`) || from.startsWith(`${home}?`) || from.startsWith(`${home}#`);
  return samePage && !from.startsWith(access) ? from : home;
}

/**
 * AccessCodePage is the galleryAccess screen: the gallery's cover and name,
 * the access-code form and the privileged-client dialog. Once the gallery is
 * open (code accepted, or already open) the browser goes back to where the
 * visitor was going.
 */
export function AccessCodePage() {
  const { t } = useTranslation();
  const { galleryId: galleryUrl = '' } = useParams();
  const location = useLocation();
  const applyAccess = useApplyAccess();
  const [clientOpen, setClientOpen] = useState(false);
  const previewHash = usePreviewHash(galleryUrl);
  const { data, error, refetch } = useQuery(AccessCodePageQuery, { variables: galleryVariables(galleryUrl, previewHash), context: { initialLoad: true } });
  const gallery = data?.gallery;

  if (!gallery) {
    if (error) {
      return (
        <PageMessage
          title={t('gallery.errorLoading')}
          tone="error"
          icon="!"
          actions={
            <button type="button" className="button button-primary" onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      );
    }
    return <Spinner block label={t('gallery.loading')} />;
  }

  if (gallery.auth.accessCodeAuthorized) {
    return <Navigate to={returnAddress(location.state, galleryUrl)} replace />;
  }

  const open = (auth: Parameters<typeof applyAccess>[1]) => applyAccess(gallery.id, auth);
  return (
    <AccessCover gallery={gallery}>
      <h2 className={styles.cardTitle}>{t('access.title')}</h2>
      <p className={styles.cardText}>{t('access.intro')}</p>
      <GalleryCodeForm kind="access" galleryId={gallery.id} onAccepted={open} />
      {gallery.accessPolicy.hasClients && (
        <p className={styles.secondary}>
          <button type="button" className={styles.linkButton} onClick={() => setClientOpen(true)}>
            {t('client.open')}
          </button>
        </p>
      )}
      {clientOpen && <ClientCodeDialog galleryId={gallery.id} initialEmail={suggestedEmail(location.search)} onAccepted={open} onClose={() => setClientOpen(false)} />}
    </AccessCover>
  );
}

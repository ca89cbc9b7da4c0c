import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { markWelcomed, wasWelcomed } from './welcome-seen';
import styles from './access.module.css';

export const WelcomePopupFragment = graphql(`
  fragment WelcomePopup_gallery on Gallery {
    id
    accessPolicy {
      hasClients
    }
    auth {
      accessCodeAuthorized
      needEmail
      isClient
    }
    welcomePopupConfig {
      mode
      messageForClients
      messageForVisitors
    }
  }
`);

/** FIRST_STEPS_MODE adds the "first steps" list under the message. */
export const FIRST_STEPS_MODE = 'msgAndFirstSteps';

/**
 * WelcomePopup greets the visitor of a gallery with clients once per browser:
 * clients read the message for clients, everyone else the message for
 * visitors; the msgAndFirstSteps mode adds how to browse, keep favourites and
 * order. It waits until the gallery is open (code accepted, e-mail confirmed)
 * and `enabled` (the layout turns it off on screens without the gallery).
 */
export function WelcomePopup({ gallery: galleryRef, enabled = true }: { gallery: FragmentType<typeof WelcomePopupFragment>; enabled?: boolean }) {
  const { t } = useTranslation();
  const gallery = getFragmentData(WelcomePopupFragment, galleryRef);
  const config = gallery.welcomePopupConfig;
  const message = (gallery.auth.isClient ? config?.messageForClients : config?.messageForVisitors)?.trim() ?? '';
  const ready = enabled && Boolean(config) && gallery.accessPolicy.hasClients && gallery.auth.accessCodeAuthorized && !gallery.auth.needEmail && message !== '';
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!ready || wasWelcomed(gallery.id)) return;
    markWelcomed(gallery.id);
    setOpen(true);
  }, [ready, gallery.id]);

  if (!open || !config) return null;
  const close = () => setOpen(false);
  return (
    <Modal title={t('welcome.title')} description={<p className={styles.welcomeMessage}>{message}</p>} onClose={close} size="medium">
      {config.mode === FIRST_STEPS_MODE && (
        <section className={styles.steps} aria-labelledby="welcome-steps">
          <h3 id="welcome-steps" className={styles.stepsTitle}>
            {t('welcome.firstSteps')}
          </h3>
          <ol className={styles.stepsList}>
            <li>{t('welcome.stepBrowse')}</li>
            <li>{t('welcome.stepFavorites')}</li>
            <li>{t('welcome.stepOrder')}</li>
          </ol>
        </section>
      )}
      <button type="button" className="button button-primary" onClick={close}>
        {t('welcome.start')}
      </button>
    </Modal>
  );
}

import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import styles from './access.module.css';

/** WelcomeDialog shows the welcome message and, with `firstSteps`, how to browse, keep favourites and order. */
export function WelcomeDialog({ message, firstSteps, onClose }: { message: string; firstSteps: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('welcome.title')} description={<p className={styles.welcomeMessage}>{message}</p>} onClose={onClose} size="medium">
      {firstSteps && (
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
      <button type="button" className="button button-primary" onClick={onClose}>
        {t('welcome.start')}
      </button>
    </Modal>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import type { AuthFields } from './access-auth';
import { GalleryCodeForm } from './gallery-code-form';
import { RecoverCodeForm } from './recover-code-form';
import styles from './access.module.css';

/** ClientCodeDialogProps: onAccepted receives the client's access state. */
export interface ClientCodeDialogProps {
  galleryId: string;
  initialEmail?: string;
  onAccepted: (auth: AuthFields) => Promise<void> | void;
  onClose: () => void;
}

/**
 * ClientCodeDialog is the privileged-client dialog (« Vous êtes client ? »):
 * a client code, or « Code oublié ? » to have it e-mailed, then a short
 * confirmation once the visitor is a client.
 */
export function ClientCodeDialog({ galleryId, initialEmail, onAccepted, onClose }: ClientCodeDialogProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'code' | 'recover' | 'done'>('code');

  if (step === 'done') {
    return (
      <Modal title={t('client.doneTitle')} description={<p>{t('client.done')}</p>} onClose={onClose}>
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('client.continue')}
        </button>
      </Modal>
    );
  }

  if (step === 'recover') {
    return (
      <Modal key="recover" title={t('client.recoverTitle')} description={<p>{t('client.recoverIntro')}</p>} onClose={onClose}>
        <RecoverCodeForm galleryId={galleryId} initialEmail={initialEmail} />
        <div className={styles.secondary}>
          <button type="button" className={styles.linkButton} onClick={() => setStep('code')}>
            {t('client.backToCode')}
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal key="code" title={t('client.title')} description={<p>{t('client.intro')}</p>} onClose={onClose}>
      <GalleryCodeForm
        kind="client"
        galleryId={galleryId}
        onAccepted={async (auth) => {
          await onAccepted(auth);
          setStep('done');
        }}
      />
      <div className={styles.secondary}>
        <button type="button" className={styles.linkButton} onClick={() => setStep('recover')}>
          {t('client.forgot')}
        </button>
      </div>
    </Modal>
  );
}

import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import type { AuthFields } from './access-auth';
import { EmailConfirmForm } from './email-confirm-form';

/** EmailDialogProps: why the e-mail is asked (the gallery needs one, or an action does). */
export interface EmailDialogProps {
  galleryId: string;
  initialEmail: string;
  reason: 'gallery' | 'action';
  onConfirmed: (auth: AuthFields) => Promise<void> | void;
  onClose: () => void;
}

/** EmailDialog asks for an e-mail and its one-time code in a modal dialog. */
export function EmailDialog({ galleryId, initialEmail, reason, onConfirmed, onClose }: EmailDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal title={t('identity.title')} description={<p>{t(reason === 'gallery' ? 'identity.galleryIntro' : 'identity.actionIntro')}</p>} onClose={onClose}>
      <EmailConfirmForm galleryId={galleryId} initialEmail={initialEmail} onConfirmed={onConfirmed} />
    </Modal>
  );
}

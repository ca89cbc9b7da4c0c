import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthFields } from './access-auth';
import { EmailAddressStep, RequestEmailCodeMutation } from './email-address-step';
import { OneTimeCodeStep } from './one-time-code-step';
import { ACCESS_CALL_CONTEXT, failureMessage, userErrorMessage } from './user-errors';

/**
 * EmailConfirmForm is the e-mail identity in two steps: the address
 * (requestEmailCode sends a six-digit code), then the code (confirmEmail).
 */
export function EmailConfirmForm({ galleryId, initialEmail, onConfirmed }: { galleryId: string; initialEmail: string; onConfirmed: (auth: AuthFields) => Promise<void> | void }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string>();
  const [lastEmail, setLastEmail] = useState(initialEmail);
  const [requestCode] = useMutation(RequestEmailCodeMutation, { context: ACCESS_CALL_CONTEXT });

  if (!sentTo) {
    return (
      <EmailAddressStep
        galleryId={galleryId}
        initialEmail={lastEmail}
        onSent={(email) => {
          setLastEmail(email);
          setSentTo(email);
        }}
      />
    );
  }

  const resend = async (): Promise<string | undefined> => {
    try {
      const { data } = await requestCode({ variables: { input: { galleryId, email: sentTo } } });
      const userError = data?.requestEmailCode.userErrors[0];
      return userError ? userErrorMessage(userError, t) : undefined;
    } catch (failure) {
      return failureMessage(failure, t);
    }
  };

  return <OneTimeCodeStep galleryId={galleryId} email={sentTo} onConfirmed={onConfirmed} onChangeEmail={() => setSentTo(undefined)} onResend={resend} />;
}

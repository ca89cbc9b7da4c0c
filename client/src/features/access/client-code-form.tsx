import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { graphql, getFragmentData } from '../../gql';
import { AccessAuthStateFragment, type AuthFields } from './access-auth';
import { CodeForm, type CaptchaAnswer, type CodeRefusal } from './code-form';
import { ACCESS_CALL_CONTEXT, codeRefusal, failureMessage } from './user-errors';

export const EnterClientCodeMutation = graphql(`
  mutation EnterClientCode($input: EnterAccessCodeInput!) {
    enterClientCode(input: $input) {
      auth {
        ...AccessAuthState
      }
      userErrors {
        field
        message
        code
      }
      captcha {
        id
        imageUrl
        audioUrl
      }
    }
  }
`);

/** ClientCodeForm upgrades a visitor to a privileged client (enterClientCode); a visitor code is refused. */
export function ClientCodeForm({ galleryId, onAccepted }: { galleryId: string; onAccepted: (auth: AuthFields) => Promise<void> | void }) {
  const { t } = useTranslation();
  const [enter] = useMutation(EnterClientCodeMutation, { context: ACCESS_CALL_CONTEXT });
  const submit = async (code: string, captcha?: CaptchaAnswer): Promise<string | CodeRefusal | undefined> => {
    try {
      const { data } = await enter({ variables: { input: { galleryId, code, ...captcha } } });
      const payload = data?.enterClientCode;
      const userError = payload?.userErrors[0];
      if (userError) return codeRefusal(userError, payload?.captcha, t);
      const auth = getFragmentData(AccessAuthStateFragment, payload?.auth);
      if (!auth?.isClient) return t('errors.notClientCode');
      await onAccepted(auth);
      return undefined;
    } catch (error) {
      return failureMessage(error, t);
    }
  };
  return <CodeForm label={t('client.codeLabel')} submitLabel={t('client.submit')} onSubmit={submit} />;
}

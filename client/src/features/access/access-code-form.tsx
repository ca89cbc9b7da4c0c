import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { graphql, getFragmentData } from '../../gql';
import { AccessAuthStateFragment, type AuthFields } from './access-auth';
import { CodeForm, type CaptchaAnswer, type CodeRefusal } from './code-form';
import { ACCESS_CALL_CONTEXT, codeRefusal, failureMessage } from './user-errors';

export const EnterAccessCodeMutation = graphql(`
  mutation EnterAccessCode($input: EnterAccessCodeInput!) {
    enterAccessCode(input: $input) {
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

/** AccessCodeForm opens a protected gallery with a client or visitor code (enterAccessCode). */
export function AccessCodeForm({ galleryId, onAccepted }: { galleryId: string; onAccepted: (auth: AuthFields) => Promise<void> | void }) {
  const { t } = useTranslation();
  const [enter] = useMutation(EnterAccessCodeMutation, { context: ACCESS_CALL_CONTEXT });
  const submit = async (code: string, captcha?: CaptchaAnswer): Promise<string | CodeRefusal | undefined> => {
    try {
      const { data } = await enter({ variables: { input: { galleryId, code, ...captcha } } });
      const payload = data?.enterAccessCode;
      const userError = payload?.userErrors[0];
      if (userError) return codeRefusal(userError, payload?.captcha, t);
      const auth = getFragmentData(AccessAuthStateFragment, payload?.auth);
      if (!auth?.accessCodeAuthorized) return t('errors.invalidAccessCode');
      await onAccepted(auth);
      return undefined;
    } catch (error) {
      return failureMessage(error, t);
    }
  };
  return <CodeForm label={t('access.codeLabel')} submitLabel={t('access.submit')} onSubmit={submit} />;
}

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

/**
 * GalleryCode is the kind of code a GalleryCodeForm takes: 'access' opens a
 * protected gallery with a client or visitor code (enterAccessCode);
 * 'client' upgrades a visitor to a privileged client (enterClientCode), and
 * a visitor code is refused.
 */
export type GalleryCode = 'access' | 'client';

/** What tells each code taken, what is said when it is not, and the form's words. */
const CODES = {
  access: { taken: (auth: AuthFields) => auth.accessCodeAuthorized, refused: 'errors.invalidAccessCode', label: 'access.codeLabel', submit: 'access.submit' },
  client: { taken: (auth: AuthFields) => auth.isClient, refused: 'errors.notClientCode', label: 'client.codeLabel', submit: 'client.submit' },
} satisfies Record<GalleryCode, { taken: (auth: AuthFields) => boolean; refused: string; label: string; submit: string }>;

/** GalleryCodeForm sends a gallery code of the kind `kind` and hands the new access state to onAccepted. */
export function GalleryCodeForm({ kind, galleryId, onAccepted }: { kind: GalleryCode; galleryId: string; onAccepted: (auth: AuthFields) => Promise<void> | void }) {
  const { t } = useTranslation();
  const [enterAccess] = useMutation(EnterAccessCodeMutation, { context: ACCESS_CALL_CONTEXT });
  const [enterClient] = useMutation(EnterClientCodeMutation, { context: ACCESS_CALL_CONTEXT });
  const words = CODES[kind];
  const submit = async (code: string, captcha?: CaptchaAnswer): Promise<string | CodeRefusal | undefined> => {
    try {
      const variables = { input: { galleryId, code, ...captcha } };
      const payload = kind === 'access' ? (await enterAccess({ variables })).data?.enterAccessCode : (await enterClient({ variables })).data?.enterClientCode;
      const userError = payload?.userErrors[0];
      if (userError) return codeRefusal(userError, payload?.captcha, t);
      const auth = getFragmentData(AccessAuthStateFragment, payload?.auth);
      if (!auth || !words.taken(auth)) return t(words.refused);
      await onAccepted(auth);
      return undefined;
    } catch (error) {
      return failureMessage(error, t);
    }
  };
  return <CodeForm label={t(words.label)} submitLabel={t(words.submit)} onSubmit={submit} />;
}

import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { useApplyAccess } from './access-auth';
import { needEmail as appStore, type NeedEmailStore } from '../../lib/need-email-store';
import { suggestedEmail } from './suggested-email';
import { withStrings } from '../../lib/i18n';

// The dialog loads when first asked for (docs/performance.md).
const EmailDialog = lazy(() => withStrings(import('./email-dialog').then((m) => ({ default: m.EmailDialog }))));

export const NeedEmailHostFragment = graphql(`
  fragment NeedEmailHost_gallery on Gallery {
    id
    auth {
      needEmail
    }
  }
`);

/**
 * NeedEmailHost shows the e-mail dialog whenever the need-email state is
 * raised (the gallery needs an e-mail, or an action got a 401). A confirmed
 * e-mail updates the gallery's access state, answers the waiting callers (who
 * retry their action) and refetches what is on screen.
 */
export function NeedEmailHost({ gallery: galleryRef, store = appStore }: { gallery: FragmentType<typeof NeedEmailHostFragment>; store?: NeedEmailStore }) {
  const gallery = getFragmentData(NeedEmailHostFragment, galleryRef);
  const open = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const location = useLocation();
  const applyAccess = useApplyAccess();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <EmailDialog
        galleryId={gallery.id}
        initialEmail={suggestedEmail(location.search)}
        reason={gallery.auth.needEmail ? 'gallery' : 'action'}
        onConfirmed={async (auth) => {
          const refetched = applyAccess(gallery.id, auth);
          store.settle(true);
          await refetched;
        }}
        onClose={() => store.settle(false)}
      />
    </Suspense>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { currentLanguage, withStrings } from '../../lib/i18n';
import { markWelcomed, wasWelcomed } from './welcome-seen';
import { welcomeMessage } from './welcome-language';

// The dialog loads when it is to be shown, once per browser (docs/performance.md).
const WelcomeDialog = lazy(() => withStrings(import('./welcome-dialog').then((m) => ({ default: m.WelcomeDialog }))));

export const WelcomePopupFragment = graphql(`
  fragment WelcomePopup_gallery on Gallery {
    id
    language
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
      translations {
        language
        messageForClients
        messageForVisitors
      }
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
  const gallery = getFragmentData(WelcomePopupFragment, galleryRef);
  const config = gallery.welcomePopupConfig;
  // The guest's language's text, else the gallery's language's, else French's (as the server's localized field).
  const message = config ? welcomeMessage(config, currentLanguage(), gallery.language, gallery.auth.isClient) : '';
  const ready = enabled && Boolean(config) && gallery.accessPolicy.hasClients && gallery.auth.accessCodeAuthorized && !gallery.auth.needEmail && message !== '';
  // The gallery greeted here, and whether its popup is still open: set while
  // rendering once the gallery is ready, remembered in the browser once shown.
  const [greeted, setGreeted] = useState<{ id: string; open: boolean }>();
  if (ready && greeted?.id !== gallery.id && !wasWelcomed(gallery.id)) setGreeted({ id: gallery.id, open: true });
  const greetedId = greeted?.id;
  useEffect(() => {
    if (greetedId) markWelcomed(greetedId);
  }, [greetedId]);

  if (greeted?.id !== gallery.id || !greeted.open || !config) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialog message={message} firstSteps={config.mode === FIRST_STEPS_MODE} onClose={() => setGreeted({ id: gallery.id, open: false })} />
    </Suspense>
  );
}

import { useMutation } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartFieldsFragment } from '../../gql/graphql';
import { settleCartCall } from '../../lib/cart/cart-calls';
import { RegroupItemsInPackMutation, RemoveAllGalleryMutation } from '../../lib/cart/cart-documents';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notification-store';
import styles from './cart.module.css';

// Pieces of the cart page (cart-page.tsx): a titled list of lines, a
// whole-gallery download line, and the suggestion to regroup prints in a pack.

/** CartSection is one titled list of the cart's lines (packs, prints, whole-gallery files). */
export function CartSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <ul className={styles.lines}>{children}</ul>
    </section>
  );
}

type AllGalleryItem = CartFieldsFragment['allDigitalFileFormats'][number];

/** AllGalleryRow is a whole-gallery download in the cart: its format, how many photos, its price and « Retirer ». */
export function AllGalleryRow({ galleryId, item }: { galleryId: string; item: AllGalleryItem }) {
  const { t, i18n } = useTranslation();
  const [removeAllGallery, { loading: removingAll }] = useMutation(RemoveAllGalleryMutation);
  const name = t('cart.allGallery', { format: item.format.name });
  return (
    <li className={styles.line}>
      <div className={`${styles.thumb} ${styles.packThumb}`} aria-hidden="true">
        ⤓
      </div>
      <div className={styles.lineBody}>
        <p className={styles.lineTitle}>{name}</p>
        <p className={styles.muted}>
          {t('cart.allGalleryPhotos', { count: item.photoCount })}
          {item.format.digitalQuality && ` · ${t(item.format.digitalQuality === 'hd' ? 'cart.qualityHd' : 'cart.qualityWeb')}`}
        </p>
        <div className={styles.lineActions}>
          <button
            type="button"
            className="button button-outline button-small"
            disabled={removingAll}
            aria-label={t('cart.removeItem', { name })}
            onClick={() => void settleCartCall(removeAllGallery({ variables: { input: { galleryId, formatId: item.format.id } } }), (d) => d.removeAllGallery, t)}
          >
            {t('cart.remove')}
          </button>
        </div>
      </div>
      <div className={styles.lineSide}>
        <span className={styles.price}>{formatMoney(item.price, i18n.language)}</span>
      </div>
    </li>
  );
}

type Suggestion = NonNullable<CartFieldsFragment['regroupSuggestion']>;

/** RegroupSuggestion tells the saving of regrouping the cart's prints in a pack, with the button that does it. */
export function RegroupSuggestion({ galleryId, suggestion }: { galleryId: string; suggestion: Suggestion }) {
  const { t, i18n } = useTranslation();
  const [regroup, { loading: regrouping }] = useMutation(RegroupItemsInPackMutation);
  const pack = suggestion.pack.displayName || suggestion.pack.pack;
  const doRegroup = async () => {
    if (await settleCartCall(regroup({ variables: { input: { galleryId } } }), (d) => d.regroupItemsInPack, t)) {
      notify({ type: 'success', message: t('cart.regrouped', { pack }) });
    }
  };
  return (
    <div className={styles.suggestion} role="region" aria-label={t('cart.regroupTitle')}>
      <p>{t('cart.regroup', { saving: formatMoney(suggestion.saving, i18n.language), pack })}</p>
      <button type="button" className="button button-primary button-small" onClick={() => void doRegroup()} disabled={regrouping}>
        {t('cart.regroupAction')}
      </button>
    </div>
  );
}

import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ReadOnlyNote, useReadOnly } from '../../lib/read-only';
import { galleryPath } from '../../lib/route-table';
import { getFragmentData } from '../../gql';
import type { DigitalQuality } from '../../gql/graphql';
import { formatMoney, type MoneyLike } from '../../lib/money';
import { AddDigitalFileMutation, CartFieldsFragment, CartQuery } from '../../lib/cart/cart-documents';
import { settleCartCall } from '../../lib/cart/cart-calls';
import { useCartGalleryId } from '../../lib/cart/use-cart';
import { FreeDownloadEntry } from '../../components/downloads/free-download-entry';
import { notify } from '../../lib/notification-store';
import styles from './shop.module.css';

/** QuickFormat is a digital format sold alone, as the quick choice reads it. */
export interface QuickFormat {
  id: string;
  name: string;
  kind: string;
  digitalQuality?: DigitalQuality | null;
  unitPrice: MoneyLike;
}

/**
 * PhotoQuickBuy is the shop's first block when ordered from a photo: the
 * photo's digital files in one tap each (« Fichier HD – 9,00 € » adds it to
 * the cart), or, where the gallery gives the files away, the free download
 * instead (the formats given away are not offered for money).
 */
export function PhotoQuickBuy({
  galleryUrl,
  photoId,
  formats,
  free,
}: {
  galleryUrl: string;
  photoId: string;
  formats: readonly QuickFormat[];
  free: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const readOnly = useReadOnly();
  const galleryId = useCartGalleryId(galleryUrl);
  const { data } = useQuery(CartQuery, { variables: { galleryId: galleryId ?? '' }, skip: !galleryId, context: { silentErrors: true } });
  const cart = getFragmentData(CartFieldsFragment, data?.cart);
  const [add, { loading }] = useMutation(AddDigitalFileMutation);
  const cartPath = galleryPath(galleryUrl, 'cartContent');
  if (!free && formats.length === 0) return null;

  const inCart = (formatId: string) =>
    (cart?.photos.some((p) => p.kind === 'digital_file' && p.photoId === photoId && p.format.id === formatId) ?? false) ||
    (cart?.allDigitalFileFormats.some((a) => a.format.id === formatId) ?? false);

  const buy = async (formatId: string) => {
    if (!galleryId) return;
    if (await settleCartCall(add({ variables: { input: { galleryId, photoId, formatId } } }), (d) => d.addDigitalFile, t)) {
      notify({ type: 'success', message: t('shop.addedToCart'), actions: [{ label: t('shop.viewCart'), onClick: () => navigate(cartPath) }] });
    }
  };

  return (
    <section className={styles.quickBuy} aria-labelledby="quick-buy-title" data-testid="quick-buy">
      <h2 id="quick-buy-title" className={styles.legend}>
        {t('shop.quickFilesTitle')}
      </h2>
      {free && <FreeDownloadEntry galleryUrl={galleryUrl} />}
      {formats.length > 0 && (
        <div className={styles.quickButtons}>
          {formats.map((f) =>
            inCart(f.id) ? (
              <span key={f.id} className={styles.muted} data-format={f.id}>
                {t('shop.fileInCart', { name: f.name })}
              </span>
            ) : (
              <button
                key={f.id}
                type="button"
                className="button button-outline"
                data-format={f.id}
                disabled={loading || readOnly || !galleryId}
                aria-describedby={readOnly ? 'quick-read-only' : undefined}
                onClick={() => void buy(f.id)}
              >
                {t('shop.quickFile', { name: f.name, price: formatMoney(f.unitPrice, i18n.language) })}
              </button>
            ),
          )}
          <ReadOnlyNote id="quick-read-only" />
        </div>
      )}
    </section>
  );
}

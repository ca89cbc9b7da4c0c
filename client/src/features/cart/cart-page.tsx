import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { PageMessage } from '../../components/ui/page-message';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData } from '../../gql';
import { CartFieldsFragment, CartQuery } from '../../lib/cart/cart-documents';
import { CartPackRow } from './cart-pack-row';
import { CartPhotoRow } from './cart-photo-row';
import { AllGalleryRow, CartSection, RegroupSuggestion } from './cart-sections';
import { CartTotals } from '../../components/cart/cart-totals';
import { useCartGalleryId, useCartLiveUpdates, useCartUpdatedNotice } from '../../lib/cart/use-cart';
import { VoucherForm } from './voucher-form';
import styles from './cart.module.css';

/**
 * CartPage is the cart: packs to finish, packs, prints and digital files
 * (quantity, edit, remove), whole-gallery downloads, the regroup suggestion,
 * discount codes and gift cards, the totals and the way to checkout. It
 * reads the cart afresh on every visit and follows changes made elsewhere
 * (another tab) live; the server's cartUpdated report shows the
 * cart.cartUpdated notice.
 */
export function CartPage() {
  const { t } = useTranslation();
  const { galleryId: galleryUrl = '' } = useParams();
  const galleryId = useCartGalleryId(galleryUrl);
  const { data, error, refetch } = useQuery(CartQuery, {
    variables: { galleryId: galleryId ?? '' },
    skip: !galleryId,
    fetchPolicy: 'cache-and-network',
    context: { silentErrors: true },
  });
  useCartLiveUpdates(galleryId);
  const cart = getFragmentData(CartFieldsFragment, data?.cart);
  useCartUpdatedNotice(cart);

  const home = galleryPath(galleryUrl, 'galleryHome');
  const shop = galleryPath(galleryUrl, 'galleryProducts');

  if (!cart || !galleryId) {
    if (error) {
      return (
        <PageMessage
          title={t('cart.loadError')}
          tone="error"
          icon="!"
          actions={
            <button type="button" className="button button-primary" onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      );
    }
    return <Spinner block label={t('cart.loading')} />;
  }

  const problems = new Map<string, string[]>();
  for (const p of cart.shippingProblems) problems.set(p.cartItemId, [...(problems.get(p.cartItemId) ?? []), p.message]);
  const purchases = cart.photos.length + cart.packs.length + cart.allDigitalFileFormats.length;

  if (purchases === 0 && cart.ongoingPacks.length === 0) {
    return (
      <PageMessage
        title={t('cart.empty')}
        icon="∅"
        actions={
          <>
            <Link className="button button-primary" to={shop}>
              {t('cart.goShopping')}
            </Link>
            <Link className="button button-outline" to={home}>
              {t('cart.backToGallery')}
            </Link>
          </>
        }
      >
        <p>{t('cart.emptyHint')}</p>
      </PageMessage>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('cart.title')}</h1>
        <p className={styles.muted}>{t('cart.itemsCount', { count: cart.itemCount })}</p>
      </div>

      {cart.regroupSuggestion && <RegroupSuggestion galleryId={galleryId} suggestion={cart.regroupSuggestion} />}

      {cart.photosNeedRetouch && (
        <p className={styles.notice} role="note">
          {t('cart.photosNeedRetouch')}
        </p>
      )}

      <div className={styles.layout}>
        <div className={styles.items}>
          {cart.ongoingPacks.length > 0 && (
            <CartSection id="cart-ongoing-title" title={t('cart.ongoingTitle')}>
              {cart.ongoingPacks.map((p) => (
                <CartPackRow key={p.id} pack={p} galleryId={galleryId} galleryUrl={galleryUrl} ongoing />
              ))}
            </CartSection>
          )}
          {cart.packs.length > 0 && (
            <CartSection id="cart-packs-title" title={t('cart.packsTitle')}>
              {cart.packs.map((p) => (
                <CartPackRow key={p.id} pack={p} galleryId={galleryId} galleryUrl={galleryUrl} ongoing={false} problems={problems.get(p.id) ?? []} />
              ))}
            </CartSection>
          )}
          {cart.photos.length > 0 && (
            <CartSection id="cart-photos-title" title={t('cart.itemsTitle')}>
              {cart.photos.map((item) => (
                <CartPhotoRow key={item.id} item={item} galleryId={galleryId} galleryUrl={galleryUrl} problems={problems.get(item.id) ?? []} />
              ))}
            </CartSection>
          )}
          {cart.allDigitalFileFormats.length > 0 && (
            <CartSection id="cart-all-title" title={t('cart.allGalleryTitle')}>
              {cart.allDigitalFileFormats.map((item) => (
                <AllGalleryRow key={item.id} galleryId={galleryId} item={item} />
              ))}
            </CartSection>
          )}
        </div>

        <aside className={styles.aside} aria-label={t('cart.totalsTitle')}>
          <VoucherForm galleryId={galleryId} cart={cart} />
          <section aria-labelledby="cart-totals-title">
            <h2 id="cart-totals-title" className={styles.asideTitle}>
              {t('cart.totalsTitle')}
            </h2>
            <CartTotals cart={cart} />
          </section>
          {cart.ongoingPacks.length > 0 && <p className={styles.muted}>{t('cart.ongoingNotIncluded')}</p>}
          <div className={styles.checkout}>
            {purchases > 0 && (
              <Link className="button button-primary" to={galleryPath(galleryUrl, 'cartAddress')}>
                {t('cart.checkout')}
              </Link>
            )}
            <Link className="button button-outline" to={shop}>
              {t('cart.continueShopping')}
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}

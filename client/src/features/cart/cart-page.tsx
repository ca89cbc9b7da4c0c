import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { PageMessage } from '../../components/ui/page-message';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData } from '../../gql';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notification-store';
import { CartFieldsFragment, CartQuery, RegroupItemsInPackMutation, RemoveAllGalleryMutation } from '../../lib/cart/cart-documents';
import { settleCartCall } from '../../lib/cart/cart-calls';
import { CartPackRow } from './cart-pack-row';
import { CartPhotoRow } from './cart-photo-row';
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
  const { t, i18n } = useTranslation();
  const { galleryId: galleryUrl = '' } = useParams();
  const galleryId = useCartGalleryId(galleryUrl);
  const { data, error, refetch } = useQuery(CartQuery, {
    variables: { galleryId: galleryId ?? '' },
    skip: !galleryId,
    fetchPolicy: 'cache-and-network',
    context: { silentErrors: true },
  });
  useCartLiveUpdates(galleryId);
  const [regroup, { loading: regrouping }] = useMutation(RegroupItemsInPackMutation);
  const [removeAllGallery, { loading: removingAll }] = useMutation(RemoveAllGalleryMutation);
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

  const suggestion = cart.regroupSuggestion;
  const suggestedPack = suggestion ? suggestion.pack.displayName || suggestion.pack.pack : '';
  const doRegroup = async () => {
    if (await settleCartCall(regroup({ variables: { input: { galleryId } } }), (d) => d.regroupItemsInPack, t)) {
      notify({ type: 'success', message: t('cart.regrouped', { pack: suggestedPack }) });
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('cart.title')}</h1>
        <p className={styles.muted}>{t('cart.itemsCount', { count: cart.itemCount })}</p>
      </div>

      {suggestion && (
        <div className={styles.suggestion} role="region" aria-label={t('cart.regroupTitle')}>
          <p>{t('cart.regroup', { saving: formatMoney(suggestion.saving, i18n.language), pack: suggestedPack })}</p>
          <button type="button" className="button button-primary button-small" onClick={() => void doRegroup()} disabled={regrouping}>
            {t('cart.regroupAction')}
          </button>
        </div>
      )}

      {cart.photosNeedRetouch && (
        <p className={styles.notice} role="note">
          {t('cart.photosNeedRetouch')}
        </p>
      )}

      <div className={styles.layout}>
        <div className={styles.items}>
          {cart.ongoingPacks.length > 0 && (
            <section aria-labelledby="cart-ongoing-title">
              <h2 id="cart-ongoing-title" className={styles.sectionTitle}>
                {t('cart.ongoingTitle')}
              </h2>
              <ul className={styles.lines}>
                {cart.ongoingPacks.map((p) => (
                  <CartPackRow key={p.id} pack={p} galleryId={galleryId} galleryUrl={galleryUrl} ongoing />
                ))}
              </ul>
            </section>
          )}

          {cart.packs.length > 0 && (
            <section aria-labelledby="cart-packs-title">
              <h2 id="cart-packs-title" className={styles.sectionTitle}>
                {t('cart.packsTitle')}
              </h2>
              <ul className={styles.lines}>
                {cart.packs.map((p) => (
                  <CartPackRow key={p.id} pack={p} galleryId={galleryId} galleryUrl={galleryUrl} ongoing={false} problems={problems.get(p.id) ?? []} />
                ))}
              </ul>
            </section>
          )}

          {cart.photos.length > 0 && (
            <section aria-labelledby="cart-photos-title">
              <h2 id="cart-photos-title" className={styles.sectionTitle}>
                {t('cart.itemsTitle')}
              </h2>
              <ul className={styles.lines}>
                {cart.photos.map((item) => (
                  <CartPhotoRow key={item.id} item={item} galleryId={galleryId} galleryUrl={galleryUrl} problems={problems.get(item.id) ?? []} />
                ))}
              </ul>
            </section>
          )}

          {cart.allDigitalFileFormats.length > 0 && (
            <section aria-labelledby="cart-all-title">
              <h2 id="cart-all-title" className={styles.sectionTitle}>
                {t('cart.allGalleryTitle')}
              </h2>
              <ul className={styles.lines}>
                {cart.allDigitalFileFormats.map((item) => {
                  const name = t('cart.allGallery', { format: item.format.name });
                  return (
                    <li key={item.id} className={styles.line}>
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
                            onClick={() =>
                              void settleCartCall(removeAllGallery({ variables: { input: { galleryId, formatId: item.format.id } } }), (d) => d.removeAllGallery, t)
                            }
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
                })}
              </ul>
            </section>
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

import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { getFragmentData } from '../../gql';
import { formatMoney } from '../../lib/money';
import { AddAllGalleryMutation, CartFieldsFragment, CartQuery } from '../../lib/cart/cart-documents';
import { settleCartCall } from '../../lib/cart/cart-calls';
import { notify } from '../../lib/notification-store';
import { FreeDownloadEntry } from '../../components/downloads/free-download-entry';
import { useFreeFiles } from '../../components/downloads/free-files';
import { LoadState } from './load-state';
import { withPhoto } from './products-page';
import { ShopDownloadsQuery, ShopPricesFragment } from './shop-documents';
import { BackLink } from './shop-top-bar';
import { useGalleryVariables } from './use-shop';
import styles from './shop.module.css';

/**
 * DownloadsPage sells the digital files (web or HD): the price of one
 * photo's file, leading to the choice of a photo, and, when the
 * photographer offers it, the whole gallery in that format with its price
 * and an "Ajouter toute la galerie" button. Adding the whole gallery
 * replaces the single files of that format already in the cart; the page
 * says so, and how many there are.
 */
export function DownloadsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const photoId = search.get('photoId');
  const { galleryUrl, variables } = useGalleryVariables();
  const { data, error, refetch } = useQuery(ShopDownloadsQuery, { variables, context: { silentErrors: true } });
  const gallery = data?.gallery;
  const galleryId = gallery?.id;
  const cartQuery = useQuery(CartQuery, { variables: { galleryId: galleryId ?? '' }, skip: !galleryId, context: { silentErrors: true } });
  const cart = getFragmentData(CartFieldsFragment, cartQuery.data?.cart);
  const [addAll, { loading: adding }] = useMutation(AddAllGalleryMutation);
  const prices = getFragmentData(ShopPricesFragment, gallery?.prices);
  const free = useFreeFiles(galleryUrl);

  if (!gallery || !prices || !galleryId) return <LoadState error={error} onRetry={() => void refetch()} loadingLabel={t('shop.loading')} />;

  // The whole-gallery prices are selected next to the fragment, on the same formats.
  const galleryPrices = new Map(gallery.prices.formats.map((f) => [f.id, f.galleryPrice]));
  // Files the gallery gives away are not sold: its free download comes instead.
  const formats = prices.formats.filter((f) => f.kind === 'digital' && !f.onlyInPack && !free.givenAway(f)).sort((a, b) => a.position - b.position);
  const cartPath = galleryPath(galleryUrl, 'cartContent');

  const addWholeGallery = async (formatId: string) => {
    if (await settleCartCall(addAll({ variables: { input: { galleryId, formatId } } }), (d) => d.addAllGallery, t)) {
      notify({ type: 'success', message: t('shop.allGalleryAdded'), actions: [{ label: t('shop.viewCart'), onClick: () => navigate(cartPath) }] });
    }
  };

  return (
    <div className={styles.page}>
      <BackLink to={withPhoto(galleryPath(galleryUrl, 'galleryProducts'), photoId)} label={t('shop.backToProducts')} />
      <div className={styles.head}>
        <h1 className={styles.title}>{t('shop.downloadsTitle')}</h1>
        <p className={styles.intro}>{t('shop.downloadsIntro')}</p>
        {gallery.downloadInformation.message && <p className={styles.notice}>{gallery.downloadInformation.message}</p>}
      </div>
      {free.offer && <FreeDownloadEntry galleryUrl={galleryUrl} />}
      {formats.length === 0 && !free.offer && <p className={styles.muted}>{t('shop.noDownloads')}</p>}
      <ul className={styles.cards}>
        {formats.map((f) => {
          const wholePrice = galleryPrices.get(f.id);
          const inCart = cart?.allDigitalFileFormats.some((a) => a.format.id === f.id) ?? false;
          const singles = cart?.photos.filter((p) => p.kind === 'digital_file' && p.format.id === f.id).length ?? 0;
          const choosePhoto = withPhoto(galleryPath(galleryUrl, 'galleryProductDetail', { productId: f.family.id }), photoId);
          return (
            <li key={f.id} className={styles.card} data-format={f.id}>
              <h2 className={styles.cardTitle}>{f.name}</h2>
              {f.digitalQuality && <p className={styles.kicker}>{t(f.digitalQuality === 'hd' ? 'shop.qualityHd' : 'shop.qualityWeb')}</p>}
              <div className={styles.offer}>
                <p>
                  {t('shop.perPhoto')} <strong className={styles.price}>{formatMoney(f.unitPrice, i18n.language)}</strong>
                </p>
                <Link className="button button-outline button-small" to={choosePhoto} aria-label={t('shop.choosePhotoForNamed', { name: f.name })}>
                  {t('shop.choosePhotoFor')}
                </Link>
              </div>
              {wholePrice && (
                <div className={styles.offer}>
                  <p>
                    {t('shop.allGallery')} <strong className={styles.price}>{formatMoney(wholePrice, i18n.language)}</strong>
                  </p>
                  {inCart ? (
                    <p className={styles.muted}>
                      {t('shop.allGalleryInCart')} <Link to={cartPath}>{t('shop.viewCart')}</Link>
                    </p>
                  ) : (
                    <>
                      <p className={styles.muted}>{singles > 0 ? t('shop.allGalleryReplacesCount', { count: singles }) : t('shop.allGalleryReplaces')}</p>
                      <button
                        type="button"
                        className="button button-primary button-small"
                        disabled={adding}
                        aria-label={t('shop.addAllGalleryNamed', { name: f.name })}
                        onClick={() => void addWholeGallery(f.id)}
                      >
                        {t('shop.addAllGallery')}
                      </button>
                    </>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

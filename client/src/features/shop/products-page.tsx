import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { formatMoney } from '../../lib/money';
import { FreeDownloadEntry } from '../../components/downloads/free-download-entry';
import { useFreeFiles } from '../../components/downloads/free-files';
import { LoadState } from './load-state';
import { PhotoQuickBuy } from './photo-quick-buy';
import { productSections, type Section } from './product-sections';
import { BackLink } from './shop-top-bar';
import { useShopGallery } from './use-shop';
import styles from './shop.module.css';

/** SECTION_KEYS are the titles of the shop's sections. */
export const SECTION_KEYS: Record<Section, string> = {
  prints: 'shop.sectionPrints',
  special_papers: 'shop.sectionSpecialPapers',
  wall_decor: 'shop.sectionWallDecor',
  digital: 'shop.sectionDigital',
  other: 'shop.sectionOther',
};

/** withPhoto keeps the photo being ordered (?photoId=) on a shop address. */
export function withPhoto(path: string, photoId: string | null): string {
  return photoId ? `${path}?${new URLSearchParams({ photoId }).toString()}` : path;
}

/**
 * ProductsPage is the shop: the gallery's products by section (prints,
 * special papers, wall decor, digital, other), each family with its
 * cheapest format sold on its own ("à partir de 2,50 €"), leading to the
 * family's formats (products/{familyId}), or to the downloads for digital
 * files. Formats sold only in packs are not listed. Opened from a photo
 * (?photoId=), it keeps that photo: a product leads straight to its
 * customization for the photo (format, options, cart), and the photo's
 * digital files are one tap away (PhotoQuickBuy). Digital formats the
 * gallery gives away (its free download) are not sold: the free download
 * takes their place.
 */
export function ProductsPage() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const photoId = search.get('photoId');
  const { hash } = useLocation();
  const { galleryUrl, prices, packs, error, refetch } = useShopGallery();
  const free = useFreeFiles(galleryUrl);

  // The home's print categories link to their section (#shop-prints...), drawn once the price list is there.
  const ready = Boolean(prices);
  useEffect(() => {
    if (ready && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);

  if (!prices) return <LoadState error={error} onRetry={() => void refetch()} loadingLabel={t('shop.loading')} />;

  const sections = productSections(prices)
    .map((s) => ({ ...s, products: s.products.map((p) => ({ ...p, formats: p.formats.filter((f) => !free.givenAway(f)) })).filter((p) => p.formats.length > 0) }))
    .filter((s) => s.products.length > 0 || (s.section === 'digital' && free.offer));
  const quickFormats = photoId ? prices.formats.filter((f) => f.kind === 'digital' && !f.onlyInPack && !free.givenAway(f)).sort((a, b) => a.position - b.position) : [];
  const categoryName = new Map(prices.categories.map((c) => [c.id, c.name]));

  return (
    <div className={styles.page}>
      <BackLink to={galleryPath(galleryUrl, 'galleryHome')} label={t('shop.backToGallery')} />
      <div className={styles.head}>
        <h1 className={styles.title}>{t('shop.productsTitle')}</h1>
        <p className={styles.intro}>{photoId ? t('shop.productsIntroPhoto') : t('shop.productsIntro')}</p>
      </div>
      {photoId && <PhotoQuickBuy galleryUrl={galleryUrl} photoId={photoId} formats={quickFormats} free={Boolean(free.offer)} />}

      {sections.length === 0 && <p className={styles.muted}>{t('shop.noProducts')}</p>}

      {sections.map(({ section, products }) => (
        <section key={section} id={`shop-${section}`} className={styles.section} aria-labelledby={`shop-${section}-title`} data-section={section}>
          <h2 id={`shop-${section}-title`} className={styles.sectionTitle}>
            {t(SECTION_KEYS[section])}
          </h2>
          {section === 'digital' && free.offer && !photoId && <FreeDownloadEntry galleryUrl={galleryUrl} />}
          <ul className={styles.cards}>
            {products.map(({ family, category, formats }) => {
              const cheapest = formats.reduce((min, f) => (Number(f.unitPrice.amount) < Number(min.amount) ? f.unitPrice : min), formats[0].unitPrice);
              // From a photo, straight to its customization in this product's category.
              const to = photoId
                ? `${galleryPath(galleryUrl, 'photoCustomization', { photoId, categoryId: category.id })}${section === 'digital' ? '' : `?${new URLSearchParams({ format: formats[0].id }).toString()}`}`
                : section === 'digital'
                  ? galleryPath(galleryUrl, 'galleryDownloads')
                  : galleryPath(galleryUrl, 'galleryProductDetail', { productId: family.id });
              return (
                <li key={family.id} className={styles.card} data-family={family.id}>
                  <h3 className={styles.cardTitle}>
                    <Link to={to}>{family.name}</Link>
                  </h3>
                  {categoryName.get(category.id) !== family.name && <p className={styles.kicker}>{categoryName.get(category.id)}</p>}
                  {family.description && <p className={styles.description}>{family.description}</p>}
                  <p className={styles.muted}>{formats.map((f) => f.name).join(' · ')}</p>
                  <div className={styles.cardFoot}>
                    <span className={styles.from}>{t('shop.fromPrice', { price: formatMoney(cheapest, i18n.language) })}</span>
                    <Link className="button button-outline button-small" to={to} aria-label={t('shop.chooseProductNamed', { name: family.name })}>
                      {t('shop.chooseProduct')}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}

      {packs && packs.length > 0 && (
        <section className={styles.section} aria-labelledby="shop-packs">
          <h2 id="shop-packs" className={styles.sectionTitle}>
            {t('shop.packsTitle')}
          </h2>
          <p className={styles.intro}>{t('shop.packsTeaser', { count: packs.length })}</p>
          <Link className="button button-primary" to={galleryPath(galleryUrl, 'galleryPacks')}>
            {t('shop.seePacks')}
          </Link>
        </section>
      )}
    </div>
  );
}

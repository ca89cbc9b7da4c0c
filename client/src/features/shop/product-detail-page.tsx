import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { PageMessage } from '../../components/ui/page-message';
import { formatMoney } from '../../lib/money';
import { LoadState } from './load-state';
import { PhotoPicker } from './photo-picker';
import { sellableFormats } from './product-sections';
import { withPhoto } from './products-page';
import { BackLink } from './shop-top-bar';
import { useShopGallery, useShopPhotos } from './use-shop';
import styles from './shop.module.css';

/** customizationPath is the customization of a photo in a category, with the chosen format. */
export function customizationPath(galleryUrl: string, photoId: string, categoryId: string, formatId?: string): string {
  const path = galleryPath(galleryUrl, 'photoCustomization', { photoId, categoryId });
  return formatId ? `${path}?${new URLSearchParams({ format: formatId }).toString()}` : path;
}

/**
 * ProductDetailPage is one product (a family, products/{familyId}): its
 * formats sold on their own with their prices, and the gallery's photos.
 * The buyer picks a format and a photo (the one ordered from the photo
 * view, ?photoId=, comes chosen) and goes on to customize the print
 * (photos/{photoId}/{categoryId}?format={formatId}).
 */
export function ProductDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { productId = '' } = useParams();
  const [search] = useSearchParams();
  const { galleryUrl, prices, error, refetch } = useShopGallery();
  const photos = useShopPhotos();
  const [photoId, setPhotoId] = useState<string | null>(search.get('photoId'));
  const [formatId, setFormatId] = useState<string>();
  const products = withPhoto(galleryPath(galleryUrl, 'galleryProducts'), search.get('photoId'));

  if (!prices) return <LoadState error={error} onRetry={() => void refetch()} loadingLabel={t('shop.loading')} />;

  const family = prices.families.find((f) => f.id === productId);
  const formats = family ? sellableFormats(prices.formats, family.id) : [];
  if (!family || formats.length === 0) {
    return (
      <PageMessage
        title={t('shop.productNotFound')}
        actions={
          <Link className="button button-primary" to={products}>
            {t('shop.backToProducts')}
          </Link>
        }
      />
    );
  }
  const category = prices.categories.find((c) => c.id === family.category.id);
  const chosenFormat = formats.find((f) => f.id === formatId) ?? formats[0];
  const digital = category?.section === 'digital';

  const next = () => {
    if (photoId) navigate(customizationPath(galleryUrl, photoId, family.category.id, chosenFormat.id));
  };

  return (
    <div className={styles.page}>
      <BackLink to={products} label={t('shop.backToProducts')} />
      <div className={styles.head}>
        {category && category.name !== family.name && <p className={styles.kicker}>{category.name}</p>}
        <h1 className={styles.title}>{family.name}</h1>
        {family.description && <p className={styles.intro}>{family.description}</p>}
      </div>

      <div className={styles.twoColumns}>
        <section aria-labelledby="product-photo-title" className={styles.mainColumn}>
          <h2 id="product-photo-title" className={styles.sectionTitle}>
            {t('shop.choosePhoto')}
          </h2>
          {photos.loaded ? (
            <PhotoPicker
              label={t('shop.choosePhoto')}
              photos={photos.photos}
              isSelected={(id) => id === photoId}
              onToggle={(id) => setPhotoId((current) => (current === id ? null : id))}
              hasMore={photos.hasMore}
              loadingMore={photos.loadingMore}
              onLoadMore={photos.loadMore}
            />
          ) : (
            <LoadState error={photos.error} onRetry={() => void photos.refetch()} loadingLabel={t('gallery.loadingMore')} errorTitle={t('gallery.errorPhotos')} />
          )}
        </section>

        <aside className={styles.panel} aria-labelledby="product-format-title">
          <fieldset className={styles.choices}>
            <legend id="product-format-title" className={styles.legend}>
              {t('shop.chooseFormat')}
            </legend>
            {formats.map((f) => (
              <label key={f.id} className={styles.choice}>
                <input type="radio" name="format" value={f.id} checked={f.id === chosenFormat.id} onChange={() => setFormatId(f.id)} />
                <span className={styles.choiceName}>
                  {f.name}
                  {f.digitalQuality && <span className={styles.muted}> · {t(f.digitalQuality === 'hd' ? 'shop.qualityHd' : 'shop.qualityWeb')}</span>}
                </span>
                <span className={styles.price}>{formatMoney(f.unitPrice, i18n.language)}</span>
              </label>
            ))}
          </fieldset>
          <p className={styles.muted} aria-live="polite">
            {photoId ? t('shop.photoChosen') : t('shop.choosePhotoHint')}
          </p>
          <button type="button" className="button button-primary" disabled={!photoId} onClick={next}>
            {digital ? t('shop.continue') : t('shop.customize')}
          </button>
        </aside>
      </div>
    </div>
  );
}

import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { PageMessage } from '../../components/ui/page-message';
import { ConfigureOngoingPackMutation } from '../../lib/cart/cart-documents';
import { settleCartCall } from '../../lib/cart/cart-calls';
import { notify } from '../../lib/notification-store';
import { LoadState } from './load-state';
import { usePackInstance } from './pack-configuration-page';
import { findSlot, slotInput, type PackSlot } from './pack-slot';
import { printChoices, type FamilyPrintOptions, type GalleryPrintOptions } from './print-options';
import { initialPrintValue, PrintOptionsPanel, PrintPreview, type PrintValue } from './print-options-panel';
import { ShopPhotoQuery } from './shop-documents';
import { useShopGallery } from './use-shop';
import styles from './shop.module.css';

/**
 * SlotCustomizer sets the finish, border and crop of each photo chosen for
 * a pack format, one photo at a time (the strip of thumbnails picks which),
 * then saves them all with configureOngoingPack.
 */
function SlotCustomizer({
  slot,
  galleryId,
  configuration,
  packInstanceId,
  printOptions,
  family,
  format,
}: {
  slot: PackSlot;
  galleryId: string;
  configuration: string;
  packInstanceId: string;
  printOptions: GalleryPrintOptions;
  family: FamilyPrintOptions | undefined;
  format: { kind: string; shortSize: number; longSize: number };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const photos = slot.photos.filter((p) => p.photo);
  const offerOf = (p: (typeof photos)[number]) => printChoices(printOptions, family, format, p.photo!);
  const [values, setValues] = useState<Record<string, PrintValue>>(() =>
    Object.fromEntries(
      photos.map((p) => [p.photoId, initialPrintValue(offerOf(p), format, p.photo!, { finish: p.finish ?? null, border: p.border ?? null, crop: p.crop ?? null })]),
    ),
  );
  const [index, setIndex] = useState(0);
  const [configure, { loading }] = useMutation(ConfigureOngoingPackMutation);
  const current = photos[Math.min(index, photos.length - 1)];
  const node = useQuery(ShopPhotoQuery, { variables: { photoId: current?.photoId ?? '' }, skip: !current, context: { silentErrors: true } });

  if (!current?.photo) return <p className={styles.muted}>{t('shop.noPhotosChosen')}</p>;
  const photo = current.photo;
  const viewer = node.data?.node?.__typename === 'Photo' ? node.data.node.urls.viewer : photo.urls.thumbnail;
  const value = values[current.photoId];
  const setValue = (next: PrintValue) => setValues((all) => ({ ...all, [current.photoId]: next }));

  const save = async () => {
    const choices = slot.photos.map((p) => ({ photoId: p.photoId, quantity: p.quantity, ...(values[p.photoId] ?? { finish: p.finish, border: p.border, crop: p.crop }) }));
    const done = await settleCartCall(
      configure({ variables: { input: slotInput(galleryId, packInstanceId, slot.format.id, false, choices) } }),
      (d) => d.configureOngoingPack,
      t,
    );
    if (done) {
      notify({ type: 'success', message: t('shop.packPhotosSaved') });
      navigate(configuration);
    }
  };

  return (
    <>
      <ul className={styles.strip} aria-label={t('shop.chosenPhotos')}>
        {photos.map((p, i) => (
          <li key={p.photoId}>
            <button type="button" className={styles.stripButton} aria-current={i === index ? 'true' : undefined} onClick={() => setIndex(i)}>
              <img src={p.photo!.urls.thumbnail} alt={t('gallery.photoAlt', { filename: p.photo!.filename })} />
              {p.quantity > 1 && <span className={styles.slotQuantity}>×{p.quantity}</span>}
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.muted}>{t('shop.photoPosition', { index: index + 1, total: photos.length, filename: photo.filename })}</p>
      <div className={styles.customizer}>
        <div className={styles.previewColumn}>
          <PrintPreview
            key={current.photoId}
            photo={photo}
            src={viewer}
            alt={t('gallery.photoAlt', { filename: photo.filename })}
            format={format}
            value={value}
            onCropChange={(crop) => setValue({ ...value, crop })}
          />
        </div>
        <div className={styles.panel}>
          <PrintOptionsPanel photo={photo} format={format} offer={offerOf(current)} value={value} onChange={setValue} />
          <div className={styles.actions}>
            <button type="button" className="button button-outline" disabled={index === 0} onClick={() => setIndex(index - 1)}>
              {t('shop.previousPhoto')}
            </button>
            <button type="button" className="button button-outline" disabled={index >= photos.length - 1} onClick={() => setIndex(index + 1)}>
              {t('shop.nextPhoto')}
            </button>
          </div>
          <button type="button" className="button button-primary" onClick={() => void save()} disabled={loading}>
            {t('shop.savePhotos')}
          </button>
        </div>
      </div>
    </>
  );
}

/**
 * PackPhotosCustomizationPage customizes the photos chosen for one print
 * format of a pack being composed
 * (packs/{packId}/configuration/{packInstanceId}/{formatId}/customization),
 * with the same controls and crop editor as a single print. The options
 * offered follow the gallery's print options and the format's family (pack
 * formats may not be sold alone, so Query.photoProducts does not list them).
 */
export function PackPhotosCustomizationPage() {
  const { t } = useTranslation();
  const { galleryId: galleryUrl = '', packId = '', packInstanceId = '', formatId = '' } = useParams();
  const instance = usePackInstance(galleryUrl, packInstanceId);
  const shop = useShopGallery();
  const configuration = galleryPath(galleryUrl, 'packConfiguration', { packId, packInstanceId });
  const found = findSlot(instance.pack, formatId);
  const backLink = (
    <Link className="button button-primary" to={configuration}>
      {t('shop.backToPack')}
    </Link>
  );

  if (!instance.loaded || !instance.galleryId || !shop.gallery || !shop.prices) {
    return (
      <LoadState
        error={instance.error ?? shop.error}
        onRetry={() => {
          void instance.refetch();
          void shop.refetch();
        }}
        loadingLabel={t('shop.loadingPack')}
        errorTitle={t('shop.packLoadError')}
      />
    );
  }
  const format = shop.prices.formats.find((f) => f.id === formatId);
  if (!found || found.digital || !format) return <PageMessage title={t('shop.packFormatNotFound')} actions={backLink} />;
  const family = shop.prices.families.find((f) => f.id === format.family.id);
  return (
    <div className={styles.page}>
      <Link to={configuration} className={styles.back}>
        <span aria-hidden="true">←</span> {t('shop.backToPack')}
      </Link>
      <div className={styles.head}>
        <p className={styles.kicker}>{instance.pack?.galleryItem.displayName || instance.pack?.galleryItem.pack}</p>
        <h1 className={styles.title}>{t('shop.customizePackPhotos', { format: found.slot.format.name })}</h1>
      </div>
      <SlotCustomizer
        key={formatId}
        slot={found.slot}
        galleryId={instance.galleryId}
        configuration={configuration}
        packInstanceId={packInstanceId}
        printOptions={shop.gallery.printOptions}
        family={family}
        format={format}
      />
    </div>
  );
}

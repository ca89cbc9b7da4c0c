import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { PageMessage } from '../../components/ui/page-message';
import { getFragmentData } from '../../gql';
import { ConfigureOngoingPackMutation } from '../../lib/cart/cart-documents';
import { settleCartCall } from '../../lib/cart/cart-calls';
import { QuantityStepper } from '../../components/cart/quantity-stepper';
import { LoadState } from './load-state';
import { packSlotPaths, usePackInstance } from './pack-configuration-page';
import { findSlot, slotChoices, slotInput, type PackSlot, type PhotoChoice } from './pack-slot';
import { PhotoPicker, PhotoPickerFragment } from './photo-picker';
import { printChoices, type GalleryPrintOptions } from './print-options';
import type { Size } from './crop-geometry';
import { useShopGallery, useShopPhotos } from './use-shop';
import styles from './shop.module.css';

/**
 * SlotPicker chooses the photos of one pack format from the gallery grid:
 * a quantity per photo for prints (digital files count one each), within
 * the format's number of prints and of different photos. Saving sends the
 * format's photos (configureOngoingPack) and goes on to their
 * customization (prints) or back to the pack.
 */
function SlotPicker({
  slot,
  digital,
  galleryId,
  galleryUrl,
  packId,
  packInstanceId,
  printOptions,
  family,
  format,
}: {
  slot: PackSlot;
  digital: boolean;
  galleryId: string;
  galleryUrl: string;
  packId: string;
  packInstanceId: string;
  printOptions: GalleryPrintOptions;
  family: { matGlossOption: boolean; whiteBordersOption: boolean; whiteMarginAllowed: boolean } | undefined;
  format: { kind: string; shortSize: number; longSize: number } | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const photos = useShopPhotos();
  const [choices, setChoices] = useState<PhotoChoice[]>(() => slotChoices(slot));
  const [configure, { loading }] = useMutation(ConfigureOngoingPackMutation);
  const paths = packSlotPaths(galleryUrl, packId, packInstanceId, slot.format.id);
  const configuration = galleryPath(galleryUrl, 'packConfiguration', { packId, packInstanceId });

  const total = choices.reduce((n, c) => n + c.quantity, 0);
  const maxPhotos = digital ? Math.min(slot.maxPhotos || slot.quantity, slot.quantity) : slot.maxPhotos || slot.quantity;
  const canAdd = total < slot.quantity && choices.length < maxPhotos;
  const chosen = (id: string) => choices.some((c) => c.photoId === id);

  // The sizes of the photos, for the crop a format may need (chosen ones may sit beyond the pages loaded).
  const sizes = new Map<string, Size>();
  for (const p of slot.photos) if (p.photo) sizes.set(p.photoId, p.photo);
  for (const ref of photos.photos) {
    const p = getFragmentData(PhotoPickerFragment, ref);
    sizes.set(p.id, p);
  }

  const toggle = (photoId: string) => {
    if (chosen(photoId)) setChoices((list) => list.filter((c) => c.photoId !== photoId));
    else if (canAdd) setChoices((list) => [...list, { photoId, quantity: 1 }]);
  };
  const setQuantity = (photoId: string, quantity: number) => setChoices((list) => list.map((c) => (c.photoId === photoId ? { ...c, quantity } : c)));

  const save = async () => {
    // A new photo whose ratio the format may not print with white margins goes with the default crop.
    const ready = choices.map((c) => {
      const size = sizes.get(c.photoId);
      if (digital || c.crop || !size || !format) return c;
      const offer = printChoices(printOptions, family, format, size);
      return offer.whiteMargin === 'crop_required' ? { ...c, crop: offer.defaultCrop } : c;
    });
    const done = await settleCartCall(
      configure({ variables: { input: slotInput(galleryId, packInstanceId, slot.format.id, digital, ready) } }),
      (d) => d.configureOngoingPack,
      t,
    );
    if (done) navigate(digital || ready.length === 0 ? configuration : paths.customization);
  };

  return (
    <>
      <div className={styles.selectionBar} role="status">
        <span>{digital ? t('shop.selectedFiles', { count: total, max: slot.quantity }) : t('shop.selectedPrints', { count: total, max: slot.quantity })}</span>
        {!digital && maxPhotos < slot.quantity && <span className={styles.muted}>{t('shop.selectedPhotos', { count: choices.length, max: maxPhotos })}</span>}
      </div>
      {photos.loaded ? (
        <PhotoPicker
          label={t('shop.choosePhotos')}
          photos={photos.photos}
          isSelected={chosen}
          isDisabled={() => !canAdd}
          onToggle={toggle}
          extra={
            digital
              ? undefined
              : (id) => {
                  const c = choices.find((x) => x.photoId === id);
                  if (!c) return null;
                  const filename = getFragmentData(PhotoPickerFragment, photos.photos.find((ref) => getFragmentData(PhotoPickerFragment, ref).id === id))?.filename ?? id;
                  return (
                    <QuantityStepper
                      name={filename}
                      value={c.quantity}
                      max={c.quantity + (slot.quantity - total)}
                      onChange={(q) => setQuantity(id, q)}
                    />
                  );
                }
          }
          hasMore={photos.hasMore}
          loadingMore={photos.loadingMore}
          onLoadMore={photos.loadMore}
        />
      ) : (
        <LoadState error={photos.error} onRetry={() => void photos.refetch()} loadingLabel={t('gallery.loadingMore')} errorTitle={t('gallery.errorPhotos')} />
      )}
      <div className={styles.stickyActions}>
        <Link className="button button-outline" to={configuration}>
          {t('shop.cancel')}
        </Link>
        <button type="button" className="button button-primary" onClick={() => void save()} disabled={loading}>
          {digital ? t('shop.savePhotos') : t('shop.saveAndCustomize')}
        </button>
      </div>
    </>
  );
}

/**
 * PackPhotosSelectionPage chooses the photos of one format of a pack being
 * composed (packs/{packId}/configuration/{packInstanceId}/{formatId}).
 */
export function PackPhotosSelectionPage() {
  const { t } = useTranslation();
  const { galleryId: galleryUrl = '', packId = '', packInstanceId = '', formatId = '' } = useParams();
  const instance = usePackInstance(galleryUrl, packInstanceId);
  const shop = useShopGallery();
  const configuration = galleryPath(galleryUrl, 'packConfiguration', { packId, packInstanceId });
  const found = findSlot(instance.pack, formatId);

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
  if (!found) {
    return (
      <PageMessage
        title={t('shop.packFormatNotFound')}
        actions={
          <Link className="button button-primary" to={configuration}>
            {t('shop.backToPack')}
          </Link>
        }
      />
    );
  }
  const { slot, digital } = found;
  const format = shop.prices.formats.find((f) => f.id === slot.format.id);
  const family = shop.prices.families.find((f) => f.id === format?.family.id);
  const title = digital ? t('shop.packDigitalSlot', { format: slot.format.name }) : t('shop.packPrintSlot', { format: slot.format.name });
  return (
    <div className={styles.page}>
      <Link to={configuration} className={styles.back}>
        <span aria-hidden="true">←</span> {t('shop.backToPack')}
      </Link>
      <div className={styles.head}>
        <p className={styles.kicker}>{instance.pack?.galleryItem.displayName || instance.pack?.galleryItem.pack}</p>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.intro}>{digital ? t('shop.packDigitalRule', { count: slot.quantity }) : slot.maxPhotos <= 1 ? t('shop.packPrintRuleSamePhoto', { count: slot.quantity }) : t('shop.packPrintRule', { count: slot.quantity, photos: slot.maxPhotos })}</p>
      </div>
      <SlotPicker
        slot={slot}
        digital={digital}
        galleryId={instance.galleryId}
        galleryUrl={galleryUrl}
        packId={packId}
        packInstanceId={packInstanceId}
        printOptions={shop.gallery.printOptions}
        family={family}
        format={format}
      />
    </div>
  );
}

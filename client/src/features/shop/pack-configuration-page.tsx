import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ReadOnlyNote, useReadOnly } from '../../lib/read-only';
import { galleryPath } from '../../lib/route-table';
import { FormField } from '../../components/ui/form-field';
import { Modal } from '../../components/ui/modal';
import { PageMessage } from '../../components/ui/page-message';
import { getFragmentData } from '../../gql';
import type { CartPackFieldsFragment as CartPack } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { AddPackMutation, CartFieldsFragment, CartPackFieldsFragment, CartQuery, DeleteOngoingPackMutation, RemovePackFormatConfigurationMutation } from '../../lib/cart/cart-documents';
import { cartErrorMessage, settleCartCall } from '../../lib/cart/cart-calls';
import { notify } from '../../lib/notification-store';
import { LoadState } from './load-state';
import { PACK_NAME_MAX, packNameError, sanitizePackName } from './pack-name';
import { ShopTopBar } from './shop-top-bar';
import { useCartGalleryId } from '../../lib/cart/use-cart';
import styles from './shop.module.css';

type PackSlot = CartPack['formats'][number];

/** packSlotPaths are the addresses of a pack format's photo choice and customization. */
export function packSlotPaths(galleryUrl: string, packId: string, packInstanceId: string, formatId: string) {
  const params = { packId, packInstanceId, formatId };
  return {
    selection: galleryPath(galleryUrl, 'packFormatPhotosSelection', params),
    customization: galleryPath(galleryUrl, 'packFormatPhotosCustomization', params),
  };
}

/** PackSlotCard is one format (or digital file) of the pack: what it holds, the photos chosen, and the ways to choose them. */
function PackSlotCard({
  slot,
  digital,
  galleryId,
  galleryUrl,
  packId,
  packInstanceId,
}: {
  slot: PackSlot;
  digital: boolean;
  galleryId: string;
  galleryUrl: string;
  packId: string;
  packInstanceId: string;
}) {
  const { t } = useTranslation();
  const [clear, { loading }] = useMutation(RemovePackFormatConfigurationMutation);
  const paths = packSlotPaths(galleryUrl, packId, packInstanceId, slot.format.id);
  const title = digital ? t('shop.packDigitalSlot', { format: slot.format.name }) : t('shop.packPrintSlot', { format: slot.format.name });
  const full = slot.selected >= slot.quantity;
  if (slot.included) {
    // The gallery gives these files away: they come with the pack, none to choose.
    return (
      <li className={styles.slot} data-format={slot.format.id} data-included="true">
        <div className={styles.slotHead}>
          <h2 className={styles.slotTitle}>{title}</h2>
          <span className={styles.slotDone}>{t('shop.packIncluded')}</span>
        </div>
        <p className={styles.muted}>{t('shop.packIncludedRule')}</p>
      </li>
    );
  }
  return (
    <li className={styles.slot} data-format={slot.format.id}>
      <div className={styles.slotHead}>
        <h2 className={styles.slotTitle}>{title}</h2>
        <span className={full ? styles.slotDone : styles.slotTodo}>{t('shop.packSlotProgress', { selected: slot.selected, quantity: slot.quantity })}</span>
      </div>
      <p className={styles.muted}>
        {digital ? t('shop.packDigitalRule', { count: slot.quantity }) : slot.maxPhotos <= 1 ? t('shop.packPrintRuleSamePhoto', { count: slot.quantity }) : t('shop.packPrintRule', { count: slot.quantity, photos: slot.maxPhotos })}
      </p>
      {slot.photos.length > 0 && (
        <ul className={styles.slotPhotos}>
          {slot.photos.map((p) => (
            <li key={p.photoId}>
              {p.photo ? (
                <img src={p.photo.urls.thumbnail} alt={t('gallery.photoAlt', { filename: p.photo.filename })} loading="lazy" />
              ) : (
                <span className={styles.missingThumb} role="img" aria-label={t('cart.photoUnavailable')}>
                  ?
                </span>
              )}
              {p.quantity > 1 && <span className={styles.slotQuantity}>×{p.quantity}</span>}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.slotActions}>
        <Link className={`button button-small ${full ? 'button-outline' : 'button-primary'}`} to={paths.selection} aria-label={t('shop.choosePhotosNamed', { name: title })}>
          {slot.selected > 0 ? t('shop.changePhotos') : t('shop.choosePhotos')}
        </Link>
        {!digital && slot.selected > 0 && (
          <Link className="button button-outline button-small" to={paths.customization} aria-label={t('shop.customizePhotosNamed', { name: title })}>
            {t('shop.customizePhotos')}
          </Link>
        )}
        {slot.selected > 0 && (
          <button
            type="button"
            className="button button-outline button-small"
            disabled={loading}
            aria-label={t('shop.clearSlotNamed', { name: title })}
            onClick={() => void settleCartCall(clear({ variables: { input: { galleryId, packInstanceId, formatId: slot.format.id } } }), (d) => d.removePackFormatConfiguration, t)}
          >
            {t('shop.clearSlot')}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * PackComposer is a pack being composed: its name (the buyer's, sent with
 * & < > / \ turned into spaces), each format and digital file with the
 * photos chosen, how many photos remain to choose, "Ajouter au panier"
 * (refused with pack_incomplete while photos remain: the message shows) and
 * "Abandonner".
 */
function PackComposer({ pack, galleryId, galleryUrl, packId }: { pack: CartPack; galleryId: string; galleryUrl: string; packId: string }) {
  const { t, i18n } = useTranslation();
  const readOnly = useReadOnly();
  const navigate = useNavigate();
  const [name, setName] = useState(pack.clientPackName);
  const [nameError, setNameError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [confirmAbandon, setConfirmAbandon] = useState(false);
  const [addPack, { loading: adding }] = useMutation(AddPackMutation);
  const [deleteOngoing, { loading: deleting }] = useMutation(DeleteOngoingPackMutation);
  const offerName = pack.galleryItem.displayName || pack.galleryItem.pack;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const local = packNameError(name);
    if (local) {
      setNameError(t(local));
      return;
    }
    setNameError(undefined);
    const done = await settleCartCall(
      addPack({ variables: { input: { galleryId, packInstanceId: pack.packInstanceId, clientPackName: sanitizePackName(name) } } }),
      (d) => d.addPack,
      t,
      (error) => {
        if (error.field?.includes('clientPackName')) setNameError(cartErrorMessage(error, t));
        else setProblem(cartErrorMessage(error, t));
      },
    );
    if (done) {
      notify({ type: 'success', message: t('shop.packAdded', { name: sanitizePackName(name) }) });
      navigate(galleryPath(galleryUrl, 'cartContent'));
    }
  };

  const abandon = async () => {
    if (await settleCartCall(deleteOngoing({ variables: { input: { galleryId, packInstanceId: pack.packInstanceId } } }), (d) => d.deleteOngoingPack, t)) {
      setConfirmAbandon(false);
      notify({ type: 'info', message: t('shop.packAbandoned', { name: offerName }) });
      navigate(galleryPath(galleryUrl, 'packDetail', { packId }));
    }
  };

  return (
    <form className={styles.composer} onSubmit={submit} noValidate>
      <div className={styles.head}>
        <p className={styles.kicker}>{t('shop.configureKicker')}</p>
        <h1 className={styles.title}>{offerName}</h1>
        <p className={styles.bigPrice}>{formatMoney(pack.unitPrice, i18n.language)}</p>
      </div>
      <FormField
        label={t('shop.packName')}
        hint={t('shop.packNameHint')}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (nameError) setNameError(undefined);
        }}
        error={nameError}
        maxLength={PACK_NAME_MAX * 2}
        autoComplete="off"
      />
      <ul className={styles.slots}>
        {pack.formats.map((slot) => (
          <PackSlotCard key={`p-${slot.format.id}`} slot={slot} digital={false} galleryId={galleryId} galleryUrl={galleryUrl} packId={packId} packInstanceId={pack.packInstanceId} />
        ))}
        {pack.digitalFiles.map((slot) => (
          <PackSlotCard key={`d-${slot.format.id}`} slot={slot} digital galleryId={galleryId} galleryUrl={galleryUrl} packId={packId} packInstanceId={pack.packInstanceId} />
        ))}
      </ul>
      <p className={pack.remainingPhotos > 0 ? styles.warning : styles.success} role="status">
        {pack.remainingPhotos > 0 ? t('shop.remainingPhotos', { count: pack.remainingPhotos }) : t('shop.packComplete')}
      </p>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={adding || readOnly} aria-describedby={readOnly ? 'pack-read-only' : undefined}>
          {t('shop.addToCart')}
        </button>
        <button type="button" className="button button-outline" onClick={() => setConfirmAbandon(true)}>
          {t('shop.abandonPack')}
        </button>
      </div>
      <ReadOnlyNote id="pack-read-only" />
      {confirmAbandon && (
        <Modal title={t('shop.abandonPack')} onClose={() => setConfirmAbandon(false)}>
          <p>{t('shop.abandonConfirm', { name: offerName })}</p>
          <div className={styles.actions}>
            <button type="button" className="button button-outline" onClick={() => setConfirmAbandon(false)}>
              {t('shop.cancel')}
            </button>
            <button type="button" className="button button-primary" onClick={() => void abandon()} disabled={deleting}>
              {t('shop.abandonSubmit')}
            </button>
          </div>
        </Modal>
      )}
    </form>
  );
}

/** usePackInstance loads the cart and finds a pack instance in it: being composed, or already complete in the cart. */
export function usePackInstance(galleryUrl: string, packInstanceId: string) {
  const galleryId = useCartGalleryId(galleryUrl);
  const query = useQuery(CartQuery, { variables: { galleryId: galleryId ?? '' }, skip: !galleryId, context: { silentErrors: true } });
  const cart = getFragmentData(CartFieldsFragment, query.data?.cart);
  const ongoing = cart?.ongoingPacks.find((p) => p.packInstanceId === packInstanceId);
  const complete = cart?.packs.find((p) => p.packInstanceId === packInstanceId);
  return {
    galleryId,
    loaded: Boolean(cart),
    pack: getFragmentData(CartPackFieldsFragment, ongoing),
    inCart: Boolean(complete),
    error: query.error,
    refetch: query.refetch,
  };
}

/**
 * PackConfigurationPage composes a pack instance
 * (packs/{packId}/configuration/{packInstanceId}). A pack already complete
 * in the cart, or one gone, says so.
 */
export function PackConfigurationPage() {
  const { t } = useTranslation();
  const { galleryId: galleryUrl = '', packId = '', packInstanceId = '' } = useParams();
  const { galleryId, loaded, pack, inCart, error, refetch } = usePackInstance(galleryUrl, packInstanceId);
  const back = { to: galleryPath(galleryUrl, 'packDetail', { packId }), label: t('shop.backToPack') };

  let content;
  if (!loaded || !galleryId) {
    content = <LoadState error={error} onRetry={() => void refetch()} loadingLabel={t('shop.loadingPack')} errorTitle={t('shop.packLoadError')} />;
  } else if (!pack) {
    content = (
      <PageMessage
        title={inCart ? t('shop.packInCart') : t('shop.packInstanceNotFound')}
        actions={
          <Link className="button button-primary" to={inCart ? galleryPath(galleryUrl, 'cartContent') : galleryPath(galleryUrl, 'galleryPacks')}>
            {inCart ? t('shop.viewCart') : t('shop.backToPacks')}
          </Link>
        }
      />
    );
  } else {
    content = <PackComposer key={pack.packInstanceId} pack={pack} galleryId={galleryId} galleryUrl={galleryUrl} packId={packId} />;
  }
  return (
    <div className={styles.page}>
      <ShopTopBar galleryUrl={galleryUrl} back={back} />
      {content}
    </div>
  );
}

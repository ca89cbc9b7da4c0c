import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { getFragmentData, type FragmentType } from '../../gql';
import { formatMoney } from '../../lib/money';
import { CartPhotoItemFieldsFragment, RemoveDigitalFileMutation, RemovePrintMutation, SetPrintMutation } from '../../lib/cart/cart-documents';
import { cropInput, settleCartCall } from '../../lib/cart/cart-calls';
import { QuantityStepper } from '../../components/cart/quantity-stepper';
import styles from './cart.module.css';

/** CartThumbnail is a cart line's photo, or a placeholder when the photo is no longer visible. */
export function CartThumbnail({ photo }: { photo: { filename: string; urls: { thumbnail: string } } | null | undefined }) {
  const { t } = useTranslation();
  if (!photo) {
    return (
      <div className={`${styles.thumb} ${styles.thumbMissing}`} role="img" aria-label={t('cart.photoUnavailable')}>
        ?
      </div>
    );
  }
  return <img className={styles.thumb} src={photo.urls.thumbnail} alt={t('cart.photoAlt', { filename: photo.filename })} loading="lazy" />;
}

/**
 * CartPhotoRow is a print or a single digital file in the cart: its photo,
 * format and options, the quantity (prints), the price, a link to edit a
 * print's customization and a remove button. Shipping problems of the item
 * show under it.
 */
export function CartPhotoRow({
  item: itemRef,
  galleryId,
  galleryUrl,
  problems,
}: {
  item: FragmentType<typeof CartPhotoItemFieldsFragment>;
  galleryId: string;
  galleryUrl: string;
  problems: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const item = getFragmentData(CartPhotoItemFieldsFragment, itemRef);
  const [setPrint, { loading: updating }] = useMutation(SetPrintMutation);
  const [removePrint, { loading: removingPrint }] = useMutation(RemovePrintMutation);
  const [removeFile, { loading: removingFile }] = useMutation(RemoveDigitalFileMutation);
  const isPrint = item.kind === 'print';
  const title = isPrint ? t('cart.print', { format: item.format.name }) : t('cart.digitalFile', { format: item.format.name });
  const filename = item.photo?.filename ?? item.photoId;
  const name = `${title} · ${filename}`;

  const changeQuantity = (quantity: number) =>
    void settleCartCall(
      setPrint({
        variables: {
          input: {
            galleryId,
            photoId: item.photoId,
            formatId: item.format.id,
            cartItemId: item.id,
            finish: item.finish ?? null,
            border: item.border ?? null,
            crop: cropInput(item.crop),
            quantity,
          },
        },
      }),
      (d) => d.setPrint,
      t,
    );

  const remove = () =>
    void (isPrint
      ? settleCartCall(removePrint({ variables: { input: { galleryId, cartItemId: item.id } } }), (d) => d.removePrint, t)
      : settleCartCall(removeFile({ variables: { input: { galleryId, photoId: item.photoId, formatId: item.format.id } } }), (d) => d.removeDigitalFile, t));

  const details: string[] = [];
  if (isPrint) {
    if (item.finish) details.push(t('cart.finish', { finish: t(item.finish === 'mat' ? 'cart.finishMat' : 'cart.finishGlossy') }));
    if (item.border) details.push(t(item.border === 'white' ? 'cart.borderWhite' : 'cart.borderNone'));
    if (item.crop) details.push(t('cart.cropped'));
    else if (item.whiteMargin) details.push(t('cart.whiteMargin'));
  } else if (item.format.digitalQuality) {
    details.push(t(item.format.digitalQuality === 'hd' ? 'cart.qualityHd' : 'cart.qualityWeb'));
  }

  return (
    <li className={styles.line} data-cart-item={item.id}>
      <CartThumbnail photo={item.photo} />
      <div className={styles.lineBody}>
        <p className={styles.lineTitle}>{title}</p>
        <p className={styles.muted}>{filename}</p>
        {details.length > 0 && <p className={styles.muted}>{details.join(' · ')}</p>}
        {problems.map((message) => (
          <p key={message} className={styles.problem} role="alert">
            {message}
          </p>
        ))}
        <div className={styles.lineActions}>
          {isPrint && (
            <Link className="button button-outline button-small" to={galleryPath(galleryUrl, 'photoEditCustomization', { photoId: item.photoId, cartItemId: item.id })} aria-label={t('cart.editItem', { name })}>
              {t('cart.edit')}
            </Link>
          )}
          <button type="button" className="button button-outline button-small" onClick={remove} disabled={removingPrint || removingFile} aria-label={t('cart.removeItem', { name })}>
            {t('cart.remove')}
          </button>
        </div>
      </div>
      <div className={styles.lineSide}>
        {isPrint ? (
          <QuantityStepper name={name} value={item.quantity} onChange={changeQuantity} disabled={updating} />
        ) : (
          <span className={styles.muted}>{t('cart.quantityOne')}</span>
        )}
        {isPrint && item.quantity > 1 && <span className={styles.muted}>{t('cart.unitPrice', { price: formatMoney(item.unitPrice, i18n.language) })}</span>}
        <span className={styles.price}>{formatMoney(item.total, i18n.language)}</span>
      </div>
    </li>
  );
}

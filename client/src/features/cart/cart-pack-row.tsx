import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { getFragmentData, type FragmentType } from '../../gql';
import { formatMoney } from '../../lib/money';
import { CartPackFieldsFragment, DeleteOngoingPackMutation, EditPackMutation, RemovePackMutation } from '../../lib/cart/cart-documents';
import { settleCartCall } from '../../lib/cart/cart-calls';
import styles from './cart.module.css';

/**
 * CartPackRow is a pack in the cart: its name, what it holds, its price.
 * A complete pack can be edited (it goes back to being composed, then to
 * its configuration) or removed; a pack being composed says how many
 * photos remain to choose, links to its configuration and can be abandoned.
 * Shipping problems of the pack show under it.
 */
export function CartPackRow({
  pack: packRef,
  galleryId,
  galleryUrl,
  ongoing,
  problems = [],
}: {
  pack: FragmentType<typeof CartPackFieldsFragment>;
  galleryId: string;
  galleryUrl: string;
  ongoing: boolean;
  problems?: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const pack = getFragmentData(CartPackFieldsFragment, packRef);
  const [editPack, { loading: editing }] = useMutation(EditPackMutation);
  const [removePack, { loading: removing }] = useMutation(RemovePackMutation);
  const [deleteOngoing, { loading: deleting }] = useMutation(DeleteOngoingPackMutation);
  const offerName = pack.galleryItem.displayName || pack.galleryItem.pack;
  const name = pack.clientPackName || offerName;
  const configuration = galleryPath(galleryUrl, 'packConfiguration', { packId: pack.galleryItem.id, packInstanceId: pack.packInstanceId });
  const input = { galleryId, packInstanceId: pack.packInstanceId };

  const edit = async () => {
    if (await settleCartCall(editPack({ variables: { input } }), (d) => d.editPack, t)) navigate(configuration);
  };
  const remove = () =>
    void (ongoing
      ? settleCartCall(deleteOngoing({ variables: { input } }), (d) => d.deleteOngoingPack, t)
      : settleCartCall(removePack({ variables: { input } }), (d) => d.removePack, t));

  const lines = [
    ...pack.formats.map((f) => ({ key: `p-${f.format.id}`, text: t('cart.packPrint', { quantity: f.quantity, format: f.format.name }) })),
    ...pack.digitalFiles.map((f) => ({ key: `d-${f.format.id}`, text: t('cart.packDigital', { quantity: f.quantity, format: f.format.name }) })),
  ];

  return (
    <li className={styles.line} data-cart-item={pack.id}>
      <div className={`${styles.thumb} ${styles.packThumb}`} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
          <path d="M4 8.5 12 4l8 4.5v7L12 20l-8-4.5zM4 8.5l8 4.5 8-4.5M12 13v7" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
      </div>
      <div className={styles.lineBody}>
        <p className={styles.lineTitle}>
          {name}
          {ongoing && <span className={styles.badge}>{t('cart.ongoingBadge')}</span>}
        </p>
        {name !== offerName && <p className={styles.muted}>{offerName}</p>}
        <ul className={styles.packLines}>
          {lines.map((l) => (
            <li key={l.key}>{l.text}</li>
          ))}
        </ul>
        {ongoing && pack.remainingPhotos > 0 && <p className={styles.warning}>{t('cart.remainingPhotos', { count: pack.remainingPhotos })}</p>}
        {problems.map((message) => (
          <p key={message} className={styles.problem} role="alert">
            {message}
          </p>
        ))}
        <div className={styles.lineActions}>
          {ongoing ? (
            <Link className="button button-primary button-small" to={configuration} aria-label={t('cart.finishPackNamed', { name })}>
              {t('cart.finishPack')}
            </Link>
          ) : (
            <button type="button" className="button button-outline button-small" onClick={() => void edit()} disabled={editing} aria-label={t('cart.editItem', { name })}>
              {t('cart.edit')}
            </button>
          )}
          <button
            type="button"
            className="button button-outline button-small"
            onClick={remove}
            disabled={removing || deleting}
            aria-label={ongoing ? t('cart.abandonPack', { name }) : t('cart.removeItem', { name })}
          >
            {ongoing ? t('cart.abandon') : t('cart.remove')}
          </button>
        </div>
      </div>
      <div className={styles.lineSide}>
        <span className={styles.price}>{formatMoney(pack.unitPrice, i18n.language)}</span>
      </div>
    </li>
  );
}

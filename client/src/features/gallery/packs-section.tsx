import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { formatMoney } from '../../lib/money';
import styles from './shop-sections.module.css';

export const PackCardFragment = graphql(`
  fragment PackCard_pack on Pack {
    id
    pack
    displayName
    description
    gift
    unitPrice {
      amount
      currency
    }
    formats {
      quantity
      format {
        id
        name
      }
    }
    digitalFiles {
      quantity
      format {
        id
        name
        kind
        digitalQuality
      }
    }
  }
`);

function PackCard({ pack: packRef, galleryId, hidePrice }: { pack: FragmentType<typeof PackCardFragment>; galleryId: string; hidePrice: boolean }) {
  const { t, i18n } = useTranslation();
  const pack = getFragmentData(PackCardFragment, packRef);
  const name = pack.displayName || pack.pack;
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{name}</h3>
        {pack.gift && <span className={styles.badge}>{t('gallery.packGift')}</span>}
      </div>
      {pack.description && <p className={styles.description}>{pack.description}</p>}
      <ul className={styles.lines}>
        {pack.formats.map((f) => (
          <li key={`p-${f.format.id}`}>{t('gallery.packPrint', { quantity: f.quantity, format: f.format.name })}</li>
        ))}
        {pack.digitalFiles.map((f) => (
          <li key={`d-${f.format.id}`}>{t('gallery.packDigital', { quantity: f.quantity, format: f.format.name })}</li>
        ))}
      </ul>
      <div className={styles.cardFoot}>
        {!hidePrice && <span className={styles.price}>{formatMoney(pack.unitPrice, i18n.language)}</span>}
        <Link className="button button-outline button-small" to={galleryPath(galleryId, 'packDetail', { packId: pack.id })}>
          {t('gallery.seePack')}
        </Link>
      </div>
    </li>
  );
}

/** PacksList shows the packs on offer with their content and price, and leads to the packs page. */
export function PacksList({ packs, galleryId, hidePrice }: { packs: ReadonlyArray<{ key: string; pack: FragmentType<typeof PackCardFragment> }>; galleryId: string; hidePrice: boolean }) {
  const { t } = useTranslation();
  if (packs.length === 0) return <p className={styles.muted}>{t('gallery.noPacks')}</p>;
  return (
    <>
      <ul className={styles.cards}>
        {packs.map(({ key, pack }) => (
          <PackCard key={key} pack={pack} galleryId={galleryId} hidePrice={hidePrice} />
        ))}
      </ul>
      <p className={styles.sectionAction}>
        <Link className="button button-primary" to={galleryPath(galleryId, 'galleryPacks')}>
          {t('shop.seePacks')}
        </Link>
      </p>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { formatMoney } from '../../lib/money';
import styles from './shop-sections.module.css';

export const DownloadsSectionFragment = graphql(`
  fragment DownloadsSection_prices on Prices {
    formats {
      id
      name
      kind
      digitalQuality
      onlyInPack
      position
      unitPrice {
        amount
        currency
      }
    }
  }
`);

/** DownloadsSection lists the digital files sold on their own (web or HD) with their price. */
export function DownloadsSection({ prices: pricesRef, galleryId, hidePrice }: { prices: FragmentType<typeof DownloadsSectionFragment>; galleryId: string; hidePrice: boolean }) {
  const { t, i18n } = useTranslation();
  const prices = getFragmentData(DownloadsSectionFragment, pricesRef);
  const formats = prices.formats.filter((f) => f.kind === 'digital' && !f.onlyInPack).sort((a, b) => a.position - b.position);
  if (formats.length === 0) return null;
  return (
    <>
      <ul className={styles.rows}>
        {formats.map((f) => (
          <li key={f.id} className={styles.row}>
            <span className={styles.rowName}>{f.name}</span>
            {f.digitalQuality && <span className={styles.quality}>{f.digitalQuality === 'hd' ? t('gallery.qualityHd') : t('gallery.qualityWeb')}</span>}
            {!hidePrice && <span className={styles.price}>{formatMoney(f.unitPrice, i18n.language)}</span>}
          </li>
        ))}
      </ul>
      <p className={styles.sectionAction}>
        <Link className="button button-primary" to={galleryPath(galleryId, 'galleryDownloads')}>
          {t('gallery.seeDownloads')}
        </Link>
      </p>
    </>
  );
}

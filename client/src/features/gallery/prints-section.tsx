import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { formatMoney } from '../../lib/money';
import styles from './shop-sections.module.css';

export const PrintsSectionFragment = graphql(`
  fragment PrintsSection_prices on Prices {
    categories {
      id
      name
      description
      section
      position
    }
    formats {
      id
      kind
      onlyInPack
      position
      unitPrice {
        amount
        currency
      }
      category {
        id
      }
    }
  }
`);

/** PrintsSection lists the print categories (prints, special papers, wall decor, other) with their lowest price, each leading to its section of the shop. */
export function PrintsSection({ prices: pricesRef, galleryId, hidePrice }: { prices: FragmentType<typeof PrintsSectionFragment>; galleryId: string; hidePrice: boolean }) {
  const { t, i18n } = useTranslation();
  const prices = getFragmentData(PrintsSectionFragment, pricesRef);
  const categories = [...prices.categories]
    .filter((c) => c.section !== 'digital')
    .sort((a, b) => a.position - b.position)
    .map((category) => {
      const formats = prices.formats.filter((f) => f.kind === 'print' && !f.onlyInPack && f.category.id === category.id);
      const cheapest = formats.reduce<(typeof formats)[number] | undefined>((min, f) => (!min || Number(f.unitPrice.amount) < Number(min.unitPrice.amount) ? f : min), undefined);
      return { category, count: formats.length, cheapest };
    })
    .filter((c) => c.count > 0);

  if (categories.length === 0) return null;
  return (
    <>
      <ul className={styles.cards}>
        {categories.map(({ category, count, cheapest }) => (
          <li key={category.id} className={styles.card}>
            <h3 className={styles.cardTitle}>
              <Link to={{ pathname: galleryPath(galleryId, 'galleryProducts'), hash: `#shop-${category.section}` }}>{category.name}</Link>
            </h3>
            {category.description && <p className={styles.description}>{category.description}</p>}
            <p className={styles.muted}>{t('gallery.formatsCount', { count })}</p>
            {!hidePrice && cheapest && <p className={styles.from}>{t('gallery.fromPrice', { price: formatMoney(cheapest.unitPrice, i18n.language) })}</p>}
          </li>
        ))}
      </ul>
      <p className={styles.sectionAction}>
        <Link className="button button-primary" to={galleryPath(galleryId, 'galleryProducts')}>
          {t('gallery.seeProducts')}
        </Link>
      </p>
    </>
  );
}

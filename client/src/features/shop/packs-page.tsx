import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import type { ShopPackFragment } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { countryName } from '../../components/cart/cart-totals';
import { LoadState } from './load-state';
import { offerBadge } from './pack-badge';
import { BackLink } from './shop-top-bar';
import { useShopGallery } from './use-shop';
import { useFreeFiles, type FreeFiles } from '../../components/downloads/free-files';
import styles from './shop.module.css';


/** packName is the name a pack shows: its display name, else its name. */
export function packName(pack: { displayName: string; pack: string }): string {
  return pack.displayName || pack.pack;
}

/**
 * PackContents lists what a pack holds: prints per format (and how many
 * different photos) and digital files, those the gallery gives the viewer
 * (givenAway) marked « inclus ».
 */
export function PackContents({ pack, detailed = false, givenAway }: { pack: ShopPackFragment; detailed?: boolean; givenAway?: FreeFiles['givenAway'] }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.lines}>
      {pack.formats.map((f) => (
        <li key={`p-${f.format.id}`}>
          {t('shop.packPrint', { quantity: f.quantity, format: f.format.name })}
          {detailed && f.photos > 0 && f.photos < f.quantity && <span className={styles.muted}> · {t('shop.packPhotosMax', { count: f.photos })}</span>}
        </li>
      ))}
      {pack.digitalFiles.map((f) => {
        const description = f.format.digitalQuality === 'hd' ? f.hdDescription : f.webDescription;
        return (
          <li key={`d-${f.format.id}`}>
            {t('shop.packDigital', { quantity: f.quantity, format: f.format.name })}
            {givenAway?.(f.format) && <span className={styles.included}> · {t('shop.packIncluded')}</span>}
            {detailed && description && <span className={styles.muted}> · {description}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** PackFacts shows a pack's offer type, whether it is a gift, and where shipping is included. */
export function PackFacts({ pack }: { pack: ShopPackFragment }) {
  const { t, i18n } = useTranslation();
  const badge = offerBadge(pack);
  return (
    <>
      <div className={styles.badges}>
        {badge && <span className={styles.badge}>{badge}</span>}
        {pack.gift && <span className={styles.badge}>{t('shop.packGift')}</span>}
      </div>
      {pack.shippingIncludedTo.length > 0 && (
        <p className={styles.muted}>{t('shop.shippingIncludedTo', { countries: pack.shippingIncludedTo.map((c) => countryName(c, i18n.language)).join(', ') })}</p>
      )}
    </>
  );
}

/** PacksPage lists the gallery's packs (not those it gives the viewer whole): name, offer type, contents and price, each leading to its detail. */
export function PacksPage() {
  const { t, i18n } = useTranslation();
  const { galleryUrl, packs: all, error, refetch } = useShopGallery();
  const free = useFreeFiles(galleryUrl);
  if (!all) return <LoadState error={error} onRetry={() => void refetch()} loadingLabel={t('shop.loading')} />;
  // A pack the gallery already gives the viewer whole is not offered.
  const packs = all.filter((p) => !free.freeOnly(p));
  return (
    <div className={styles.page}>
      <BackLink to={galleryPath(galleryUrl, 'galleryHome')} label={t('shop.backToGallery')} />
      <div className={styles.head}>
        <h1 className={styles.title}>{t('shop.packsTitle')}</h1>
        <p className={styles.intro}>{t('shop.packsIntro')}</p>
      </div>
      {packs.length === 0 ? (
        <p className={styles.muted}>{t('shop.noPacks')}</p>
      ) : (
        <ul className={styles.cards}>
          {packs.map((pack) => {
            const name = packName(pack);
            const to = galleryPath(galleryUrl, 'packDetail', { packId: pack.id });
            return (
              <li key={pack.id} className={styles.card} data-pack={pack.id}>
                <h2 className={styles.cardTitle}>
                  <Link to={to}>{name}</Link>
                </h2>
                <PackFacts pack={pack} />
                {pack.description && <p className={styles.description}>{pack.description}</p>}
                <PackContents pack={pack} givenAway={free.givenAway} />
                <div className={styles.cardFoot}>
                  <span className={styles.price}>{formatMoney(pack.unitPrice, i18n.language)}</span>
                  <Link className="button button-outline button-small" to={to} aria-label={t('shop.seePackNamed', { name })}>
                    {t('shop.seePack')}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

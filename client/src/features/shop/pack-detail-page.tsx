import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { PageMessage } from '../../components/ui/page-message';
import { getFragmentData } from '../../gql';
import { formatMoney } from '../../lib/money';
import { CartFieldsFragment, CartQuery, CreateOngoingPackMutation } from '../../lib/cart/cart-documents';
import { settleCartCall } from '../../lib/cart/cart-calls';
import { LoadState } from './load-state';
import { PackContents, PackFacts, packName } from './packs-page';
import { BackLink } from './shop-top-bar';
import { useShopGallery } from './use-shop';
import { useFreeFiles } from '../../components/downloads/free-files';
import styles from './shop.module.css';

/**
 * PackDetailPage shows one pack (its description, contents, offer, price)
 * and starts composing it: "Composer ce pack" makes an ongoing pack in the
 * cart and opens its configuration. Packs of this kind already being
 * composed can be taken up again.
 */
export function PackDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { packId = '' } = useParams();
  const { galleryUrl, gallery, packs, error, refetch } = useShopGallery();
  const galleryId = gallery?.id;
  const cartQuery = useQuery(CartQuery, { variables: { galleryId: galleryId ?? '' }, skip: !galleryId, context: { silentErrors: true } });
  const cart = getFragmentData(CartFieldsFragment, cartQuery.data?.cart);
  const [create, { loading }] = useMutation(CreateOngoingPackMutation);
  const packsPath = galleryPath(galleryUrl, 'galleryPacks');
  const free = useFreeFiles(galleryUrl);

  if (!packs || !galleryId) return <LoadState error={error} onRetry={() => void refetch()} loadingLabel={t('shop.loading')} />;
  const pack = packs.find((p) => p.id === packId);
  if (!pack) {
    return (
      <PageMessage
        title={t('shop.packNotFound')}
        actions={
          <Link className="button button-primary" to={packsPath}>
            {t('shop.backToPacks')}
          </Link>
        }
      />
    );
  }

  if (free.freeOnly(pack)) {
    // Everything it holds is the gallery's free download, one tap away.
    return (
      <PageMessage
        title={t('shop.packGivenAwayTitle')}
        actions={
          <Link className="button button-primary" to={galleryPath(galleryUrl, 'galleryHome')}>
            {t('shop.packGivenAwayAction')}
          </Link>
        }
      >
        <p>{t('shop.packGivenAwayText')}</p>
      </PageMessage>
    );
  }

  const configuration = (packInstanceId: string) => galleryPath(galleryUrl, 'packConfiguration', { packId, packInstanceId });
  const started = (cart?.ongoingPacks ?? []).filter((p) => p.galleryItem.id === packId);

  const compose = async () => {
    let instance: string | undefined;
    const done = await settleCartCall(
      create({ variables: { input: { galleryId, packId } } }).then((result) => {
        const answer = getFragmentData(CartFieldsFragment, result.data?.createOngoingPack.cart);
        // The new pack is the last of this kind being composed.
        instance = answer?.ongoingPacks.filter((p) => p.galleryItem.id === packId).at(-1)?.packInstanceId;
        return result;
      }),
      (d) => d.createOngoingPack,
      t,
    );
    if (done && instance) navigate(configuration(instance));
  };

  const name = packName(pack);
  return (
    <div className={styles.page}>
      <BackLink to={packsPath} label={t('shop.backToPacks')} />
      <div className={styles.packDetail}>
        <div className={styles.head}>
          <h1 className={styles.title}>{name}</h1>
          <PackFacts pack={pack} />
          {pack.description && <p className={styles.intro}>{pack.description}</p>}
        </div>
        <section aria-labelledby="pack-contents-title" className={styles.panel}>
          <h2 id="pack-contents-title" className={styles.sectionTitle}>
            {t('shop.packContents')}
          </h2>
          <PackContents pack={pack} detailed givenAway={free.givenAway} />
          <p className={styles.bigPrice}>{formatMoney(pack.unitPrice, i18n.language)}</p>
          <button type="button" className="button button-primary" onClick={() => void compose()} disabled={loading}>
            {t('shop.composePack')}
          </button>
          {started.length > 0 && (
            <div className={styles.resume}>
              <p className={styles.muted}>{t('shop.packStarted', { count: started.length })}</p>
              <ul className={styles.plainList}>
                {started.map((p, i) => (
                  <li key={p.id}>
                    <Link to={configuration(p.packInstanceId)}>{t('shop.resumePack', { index: i + 1 })}</Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

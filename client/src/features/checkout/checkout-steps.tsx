import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import styles from './checkout.module.css';

/**
 * CheckoutSteps says where the buyer is in the checkout: cart, address,
 * validation and payment. Steps already passed are links back.
 */
export function CheckoutSteps({ galleryUrl, current }: { galleryUrl: string; current: 'address' | 'validation' }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('checkout.steps')}>
      <ol className={styles.steps}>
        <li>
          <Link to={galleryPath(galleryUrl, 'cartContent')}>{t('checkout.stepCart')}</Link>
        </li>
        <li aria-current={current === 'address' ? 'step' : undefined}>
          {current === 'validation' ? <Link to={galleryPath(galleryUrl, 'cartAddress')}>{t('checkout.stepAddress')}</Link> : t('checkout.stepAddress')}
        </li>
        <li aria-current={current === 'validation' ? 'step' : undefined}>{t('checkout.stepValidation')}</li>
      </ol>
    </nav>
  );
}

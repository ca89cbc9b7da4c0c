import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import type { PurchaseLine } from './purchase-lines';
import styles from './checkout.module.css';

/** CheckoutRecap is the read-only list of what the order buys: each purchase with its photo, quantity and price. */
export function CheckoutRecap({ lines }: { lines: readonly PurchaseLine[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className={styles.recap}>
      {lines.map((line) => (
        <li key={line.id} className={styles.recapLine} data-cart-item={line.id}>
          {line.thumbnail ? (
            <img className={styles.thumb} src={line.thumbnail.src} alt={line.thumbnail.alt} loading="lazy" />
          ) : (
            <span className={styles.thumb} aria-hidden="true">
              {line.kind === 'pack' ? '▣' : '⤓'}
            </span>
          )}
          <div>
            <p className={styles.lineTitle}>{line.title}</p>
            {line.detail && <p className={styles.muted}>{line.detail}</p>}
            {line.quantity > 1 && line.unitPrice && <p className={styles.muted}>{t('checkout.quantity', { quantity: line.quantity, price: formatMoney(line.unitPrice, i18n.language) })}</p>}
          </div>
          <span className={styles.price}>{formatMoney(line.price, i18n.language)}</span>
        </li>
      ))}
    </ul>
  );
}

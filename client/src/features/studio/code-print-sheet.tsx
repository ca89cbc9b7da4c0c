import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import { benefit, lastDay } from './code-labels';
import css from './codes.module.css';
import type { StudioVoucherFragment } from '../../gql/graphql';

/**
 * CodePrintSheet is what the browser prints from the codes screen
 * (window.print()): one card per code with its code, what it gives, its
 * last day and the gallery's address. Hidden on screen; the print style
 * sheet hides the rest of the page.
 */
export function CodePrintSheet({
  vouchers,
  galleryAddress,
}: {
  vouchers: ReadonlyArray<StudioVoucherFragment>;
  galleryAddress: (galleryId: string | null | undefined) => string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section className={css.printSheet} aria-hidden="true">
      {vouchers.map((v) => (
        <article key={v.id} className={css.printCard}>
          <p className={css.printKind}>{v.kind === 'gift_card' ? t('studioCodes.kindGift') : t('studioCodes.kindDiscount')}</p>
          <p className={css.printCode}>{v.code}</p>
          <p className={css.printBenefit}>
            {v.kind === 'gift_card' ? formatMoney(v.giftAmount, i18n.language) : benefit(v, t, i18n.language)}
          </p>
          {Number(v.minSpend.amount) > 0 && <p>{t('studioCodes.printMinSpend', { amount: formatMoney(v.minSpend, i18n.language) })}</p>}
          {v.validUntil && <p>{t('studioCodes.printUntil', { date: lastDay(v.validUntil as string, i18n.language) })}</p>}
          <p className={css.printAddress}>{galleryAddress(v.galleryId)}</p>
        </article>
      ))}
    </section>
  );
}

import type { ReactNode } from 'react';
import styles from './cart-totals.module.css';

/** TotalRow is one line of a sum: a label, its amount (or words), and how it reads. */
export interface TotalRow {
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** saving: green amount; total: the grand total; vat: small print. */
  tone?: 'saving' | 'total' | 'vat';
  /** Words rather than an amount (they may wrap on a narrow phone). */
  words?: boolean;
}

const TONES = { saving: styles.saving, total: styles.grandTotal, vat: styles.vat } as const;

/**
 * TotalsList is a sum's lines, label on the left and amount on the right:
 * the cart's totals (CartTotals) and an order's recap draw theirs with it.
 */
export function TotalsList({ rows, label, className }: { rows: ReadonlyArray<TotalRow | false | null | undefined>; label?: string; className?: string }) {
  return (
    <dl className={[styles.totals, className].filter(Boolean).join(' ')} aria-label={label}>
      {rows.map(
        (row) =>
          row && (
            <div key={row.key} className={[styles.totalRow, row.tone && TONES[row.tone]].filter(Boolean).join(' ')}>
              <dt>{row.label}</dt>
              <dd className={row.words ? styles.shippingLater : undefined}>{row.value}</dd>
            </div>
          ),
      )}
    </dl>
  );
}

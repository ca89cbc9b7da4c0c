import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import { graphql, getFragmentData, type FragmentType } from '../../gql';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notification-store';
import { AddVoucherMutation, RemoveVoucherMutation } from '../../lib/cart/cart-documents';
import { cartErrorMessage } from '../../lib/cart/cart-calls';
import styles from './cart.module.css';

export const CartVouchersFragment = graphql(`
  fragment CartVouchers_cart on Cart {
    id
    vouchers {
      code
      kind
      applied
      reason
      message
      amount {
        amount
        currency
      }
      remainingBalance {
        amount
        currency
      }
    }
  }
`);

/**
 * VoucherForm enters a discount code or a gift card and lists those
 * entered: what each takes off, why a code does not apply now, a gift card's
 * balance left, and a button to take it out. A refused code shows the
 * server's message under the field. Without a confirmed e-mail the server
 * answers 401: the error link asks for one and sends the code again.
 */
export function VoucherForm({ galleryId, cart: cartRef }: { galleryId: string; cart: FragmentType<typeof CartVouchersFragment> }) {
  const { t, i18n } = useTranslation();
  const cart = getFragmentData(CartVouchersFragment, cartRef);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [add, { loading: adding }] = useMutation(AddVoucherMutation);
  const [remove, { loading: removing }] = useMutation(RemoveVoucherMutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(t('cart.voucherRequired'));
      return;
    }
    setError(undefined);
    try {
      const result = await add({ variables: { input: { galleryId, code: value } } });
      const problem = result.data?.addVoucher.userErrors[0];
      if (problem) {
        setError(cartErrorMessage(problem, t));
        return;
      }
      setCode('');
    } catch {
      // The error link told the visitor (a toast, or the e-mail dialog and a replay).
    }
  };

  const drop = async (voucherCode: string) => {
    try {
      const result = await remove({ variables: { input: { galleryId, code: voucherCode } } });
      const problem = result.data?.removeVoucher.userErrors[0];
      if (problem) notify({ type: 'error', message: cartErrorMessage(problem, t) });
    } catch {
      // The error link told the visitor.
    }
  };

  return (
    <section className={styles.vouchers} aria-labelledby="cart-vouchers-title">
      <h2 id="cart-vouchers-title" className={styles.asideTitle}>
        {t('cart.voucherTitle')}
      </h2>
      {cart.vouchers.length > 0 && (
        <ul className={styles.voucherList}>
          {cart.vouchers.map((v) => (
            <li key={v.code} className={styles.voucher} data-applied={v.applied ? 'true' : 'false'}>
              <div className={styles.voucherHead}>
                <span className={styles.voucherCode}>{v.code}</span>
                <span className={styles.voucherKind}>{v.kind === 'gift_card' ? t('cart.voucherGiftCard') : t('cart.voucherDiscountCode')}</span>
                {v.applied && Number(v.amount.amount) > 0 && <span className={styles.voucherAmount}>{t('cart.minus', { amount: formatMoney(v.amount, i18n.language) })}</span>}
                <button
                  type="button"
                  className={`icon-button ${styles.smallIcon}`}
                  aria-label={t('cart.voucherRemove', { code: v.code })}
                  title={t('cart.voucherRemove', { code: v.code })}
                  disabled={removing}
                  onClick={() => void drop(v.code)}
                >
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                    <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                  </svg>
                </button>
              </div>
              {!v.applied && (v.message || v.reason) && <p className={styles.voucherProblem}>{cartErrorMessage({ message: v.message, code: v.reason }, t)}</p>}
              {/* Applied with a message: only its free shipping applies (the automatic discount took its percentage's place). */}
              {v.applied && v.message && <p className={styles.muted}>{v.message}</p>}
              {v.kind === 'gift_card' && v.remainingBalance && (
                <p className={styles.muted}>{t('cart.voucherBalance', { amount: formatMoney(v.remainingBalance, i18n.language) })}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className={styles.voucherForm} onSubmit={submit} noValidate>
        <FormField
          label={t('cart.voucherLabel')}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (error) setError(undefined);
          }}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
        />
        <button type="submit" className="button button-outline" disabled={adding}>
          {t('cart.voucherSubmit')}
        </button>
      </form>
    </section>
  );
}

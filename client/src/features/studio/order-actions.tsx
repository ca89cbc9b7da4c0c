import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import type { StudioOrderDetailFragment } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notification-store';
import { PAID_STATUSES, parseEuros } from './order-labels';
import {
  StudioOrderCancelMutation,
  StudioOrderInProductionMutation,
  StudioOrderMarkSentMutation,
  StudioOrderReadyMutation,
  StudioOrderRefundMutation,
  StudioOrderResendMutation,
} from './orders-documents';
import styles from './studio.module.css';
import { fieldErrors, type StudioUserError } from './user-errors';

type Confirm = { message: string; run: () => Promise<void> } | null;

/**
 * OrderActions are what the photographer may do with an order in its
 * state: put a paid order with prints in production, mark it sent (with a
 * tracking number) or ready for pickup, refund all or part of it, cancel
 * it, send the download e-mail again. Refunds and cancelling ask for
 * confirmation; a button stays disabled while its call runs, and the
 * server refuses a second refund beyond what was paid.
 */
export function OrderActions({ order: o }: { order: StudioOrderDetailFragment }) {
  const { t, i18n } = useTranslation();
  const [tracking, setTracking] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const [markSent] = useMutation(StudioOrderMarkSentMutation);
  const [markReady] = useMutation(StudioOrderReadyMutation);
  const [markInProduction] = useMutation(StudioOrderInProductionMutation);
  const [cancel] = useMutation(StudioOrderCancelMutation);
  const [refund] = useMutation(StudioOrderRefundMutation);
  const [resend] = useMutation(StudioOrderResendMutation);

  // run calls one action once at a time and shows its user errors beside their fields (the server's French).
  const run = async (call: () => Promise<ReadonlyArray<StudioUserError> | undefined>, done: string) => {
    if (busy) return;
    setBusy(true);
    setErrors({});
    try {
      const ues = (await call()) ?? [];
      if (ues.length > 0) setErrors(fieldErrors(ues, t));
      else notify({ type: 'success', message: done });
    } catch {
      setErrors({ '': t('studio.error') });
    } finally {
      setBusy(false);
    }
  };
  const paid = PAID_STATUSES.includes(o.status);
  const beforeDelivery = o.status === 'validated' || o.status === 'in_production';
  // Only an order with prints or products to deliver is made (files only: none).
  const canProduce = o.status === 'validated' && o.deliveryOption !== 'none';
  const canSend = beforeDelivery && o.deliveryOption === 'shipping';
  const canReady = beforeDelivery && o.deliveryOption === 'pickup';
  const canRefund = paid && Number(o.refundable.amount) > 0;
  const canCancel = paid || o.status === 'awaiting_payment' || o.status === 'payment_error';
  const canResend = paid && o.downloads.some((d) => d.status === 'ready');
  const money = (m: { amount: string; currency: string }) => formatMoney(m, i18n.language);

  const send = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => (await markSent({ variables: { id: o.id, trackingNumber: tracking.trim() || null } })).data?.markOrderSent.userErrors, t('studioOrders.sentDone'));
  };
  const askRefund = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const all = amount.trim() === '';
    const decimal = all ? null : parseEuros(amount);
    if (!all && decimal === null) {
      setErrors({ amount: t('studioOrders.badAmount') });
      return;
    }
    const shown = all ? money(o.refundable) : money({ amount: decimal ?? '0', currency: o.refundable.currency });
    setConfirm({
      message: all ? t('studioOrders.confirmRefundAll', { amount: shown }) : t('studioOrders.confirmRefund', { amount: shown }),
      run: () =>
        run(async () => {
          const r = (await refund({ variables: { id: o.id, amount: decimal } })).data?.refundOrder.userErrors;
          if (r && r.length === 0) setAmount('');
          return r;
        }, t('studioOrders.refundDone')),
    });
  };
  const askCancel = () =>
    setConfirm({
      message: t('studioOrders.confirmCancel', { number: o.number }),
      run: () => run(async () => (await cancel({ variables: { id: o.id } })).data?.cancelOrder.userErrors, t('studioOrders.done')),
    });

  const nothing = !canProduce && !canSend && !canReady && !canRefund && !canCancel && !canResend;
  return (
    <section className={styles.card} aria-labelledby="order-actions">
      <h2 id="order-actions">{t('studioOrders.actions')}</h2>
      {nothing && <p className={styles.muted}>{t('studioOrders.noAction')}</p>}
      {errors[''] && <p className={styles.error} role="alert">{errors['']}</p>}
      {canProduce && (
        <button
          type="button"
          className={styles.primary}
          disabled={busy}
          onClick={() =>
            void run(async () => (await markInProduction({ variables: { id: o.id } })).data?.markOrderInProduction.userErrors, t('studioOrders.inProductionDone'))
          }
        >
          {t('studioOrders.markInProduction')}
        </button>
      )}
      {canSend && (
        <form className={styles.inlineForm} onSubmit={send}>
          <label>
            {t('studioOrders.tracking')}
            <input value={tracking} onChange={(e) => setTracking(e.target.value)} maxLength={100} aria-invalid={!!errors.trackingNumber} />
          </label>
          <button type="submit" className={styles.primary} disabled={busy}>
            {t('studioOrders.markSent')}
          </button>
          {errors.trackingNumber && <p className={styles.error} role="alert">{errors.trackingNumber}</p>}
        </form>
      )}
      {canReady && (
        <button
          type="button"
          className={styles.primary}
          disabled={busy}
          onClick={() => void run(async () => (await markReady({ variables: { id: o.id } })).data?.markOrderReadyForPickup.userErrors, t('studioOrders.done'))}
        >
          {t('studioOrders.markReady')}
        </button>
      )}
      {canRefund && (
        <form className={styles.inlineForm} onSubmit={askRefund}>
          <label>
            {t('studioOrders.refundAmount')}
            <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" placeholder={money(o.refundable)} aria-invalid={!!errors.amount} />
          </label>
          <button type="submit" className={styles.secondary} disabled={busy}>
            {t('studioOrders.refundButton')}
          </button>
          {errors.amount && <p className={styles.error} role="alert">{errors.amount}</p>}
        </form>
      )}
      <div className={styles.actions}>
        {canResend && (
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void run(async () => (await resend({ variables: { id: o.id } })).data?.resendOrderDownloads.userErrors, t('studioOrders.resent'))}
          >
            {t('studioOrders.resend')}
          </button>
        )}
        {canCancel && (
          <button type="button" className={styles.danger} disabled={busy} onClick={askCancel}>
            {t('studioOrders.cancelOrder')}
          </button>
        )}
      </div>
      {confirm && <ConfirmDialog confirm={confirm} busy={busy} onClose={() => setConfirm(null)} />}
    </section>
  );
}

/** ConfirmDialog asks before a refund or a cancellation, and runs it once confirmed. */
function ConfirmDialog({ confirm, busy, onClose }: { confirm: NonNullable<Confirm>; busy: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('studioOrders.confirmYes')} description={confirm.message} onClose={onClose}>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.danger}
          disabled={busy}
          onClick={() => {
            onClose();
            void confirm.run();
          }}
        >
          {t('studioOrders.confirmYes')}
        </button>
        <button type="button" className={styles.secondary} onClick={onClose}>
          {t('studioOrders.confirmNo')}
        </button>
      </div>
    </Modal>
  );
}

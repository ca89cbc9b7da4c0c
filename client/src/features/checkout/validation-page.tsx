import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { galleryPath } from '../../lib/route-table';
import { PageMessage } from '../../components/ui/page-message';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData } from '../../gql';
import type { CheckoutCartFragment as CheckoutCartData, PaymentMethod } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { CartTotals } from '../../components/cart/cart-totals';
import { useCartGalleryId, useCartLiveUpdates } from '../../lib/cart/use-cart';
import { CheckoutCartFragment, CheckoutCartQuery, PaymentMethodsQuery, PlaceOrderMutation } from './checkout-documents';
import { CheckoutRecap } from './checkout-recap';
import { CheckoutSteps } from './checkout-steps';
import { purchaseLines } from './purchase-lines';
import { redirectTo } from './redirect';
import { CheckField, PaymentMethodField, ReviewAddresses, ShippingBlocked } from './review-parts';
import { TermsOfSale } from './terms-of-sale';
import styles from './checkout.module.css';

/**
 * ValidationPage is the last step of the checkout (cart/validation): the
 * order's recap (purchases, addresses and delivery, totals), the terms of
 * sale and the retouch acknowledgement, the payment method, and « Payer »,
 * which places the order and sends the buyer to the provider's page (or,
 * when gift cards cover everything, straight to the confirmation). A cart
 * without addresses goes back to the address step, an empty one to the cart.
 */
export function ValidationPage() {
  const { t } = useTranslation();
  const { galleryId: galleryUrl = '' } = useParams();
  const galleryId = useCartGalleryId(galleryUrl);
  const { data, error, loading, refetch } = useQuery(CheckoutCartQuery, {
    variables: { galleryId: galleryId ?? '' },
    skip: !galleryId,
    fetchPolicy: 'cache-and-network',
    context: { silentErrors: true },
  });
  useCartLiveUpdates(galleryId);
  const methods = useQuery(PaymentMethodsQuery, { context: { silentErrors: true } });
  const cart = getFragmentData(CheckoutCartFragment, data?.cart);
  // Once placed, the cart may empty itself (an order paid by gift cards) while the page leaves: no redirect then.
  const [placed, setPlaced] = useState(false);

  if (!cart || !galleryId) {
    if (error) {
      return (
        <PageMessage
          title={t('cart.loadError')}
          tone="error"
          icon="!"
          actions={
            <button type="button" className="button button-primary" onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      );
    }
    return <Spinner block label={t('cart.loading')} />;
  }

  if (!placed && cart.photos.length + cart.packs.length + cart.allDigitalFileFormats.length === 0) {
    return loading ? <Spinner block label={t('cart.loading')} /> : <Navigate to={galleryPath(galleryUrl, 'cartContent')} replace />;
  }
  if (!placed && !cart.clientData) {
    return loading ? <Spinner block label={t('cart.loading')} /> : <Navigate to={galleryPath(galleryUrl, 'cartAddress')} replace />;
  }

  return (
    <Review
      cart={cart}
      galleryId={galleryId}
      galleryUrl={galleryUrl}
      methods={methods.data?.paymentMethods}
      methodsFailed={Boolean(methods.error)}
      retryMethods={() => void methods.refetch()}
      refetchCart={() => void refetch()}
      onPlaced={() => setPlaced(true)}
    />
  );
}

interface ReviewProps {
  cart: CheckoutCartData;
  galleryId: string;
  galleryUrl: string;
  /** The methods offered; undefined while unknown. */
  methods: readonly PaymentMethod[] | undefined;
  methodsFailed: boolean;
  retryMethods: () => void;
  refetchCart: () => void;
  onPlaced: () => void;
}

interface ReviewErrors {
  acceptTerms?: string;
  acceptRetouch?: string;
  paymentMethod?: string;
}

/**
 * CHANGED_KEYS are the refusals of an order whose total is no longer the one
 * shown (the server places it at expectedTotal or not at all): the page says
 * why in French and reads the cart again, so that the new totals show and a
 * new click accepts them.
 */
const CHANGED_KEYS: Record<string, string> = {
  gift_card_changed: 'checkout.giftCardChanged',
  total_changed: 'checkout.totalChanged',
  voucher_used_up: 'checkout.voucherUsedUp',
  voucher_already_used: 'checkout.voucherAlreadyUsed',
  cart_changed: 'checkout.cartChanged',
};

/**
 * refusals sorts the server's reasons for not placing the order: those of a
 * field (the boxes, the method) go beside it, the others (said once each)
 * above the button; with no reason given, « unknown error ».
 */
function refusals(userErrors: readonly { code: string; message: string; field?: readonly string[] | null }[], t: (key: string) => string) {
  const fieldErrors: ReviewErrors = {};
  const messages: string[] = [];
  for (const problem of userErrors) {
    const changed = CHANGED_KEYS[problem.code];
    const text = changed ? t(changed) : problem.message.trim() || t('errors.unknown');
    const field = problem.field?.[0];
    if (field === 'acceptTerms' || field === 'acceptRetouch' || field === 'paymentMethod') fieldErrors[field] ??= text;
    else if (!messages.includes(text)) messages.push(text);
  }
  if (messages.length === 0 && Object.keys(fieldErrors).length === 0) messages.push(t('errors.unknown'));
  return { fieldErrors, messages };
}

/** Review is the recap and the payment form of a cart that has its addresses. */
function Review({ cart, galleryId, galleryUrl, methods, methodsFailed, retryMethods, refetchCart, onPlaced }: ReviewProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [acceptRetouch, setAcceptRetouch] = useState(false);
  const [chosen, setChosen] = useState<PaymentMethod>();
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [placing, setPlacing] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const busy = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  const [placeOrder] = useMutation(PlaceOrderMutation);
  const ids = { terms: useId(), retouch: useId(), method: useId() };

  useEffect(() => {
    if (focusTick === 0) return;
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? alertBox.current)?.focus();
  }, [focusTick]);

  const client = cart.clientData;
  const free = Number(cart.totals.total.amount) === 0;
  const offered = methods ?? [];
  const method = chosen && offered.includes(chosen) ? chosen : offered[0];
  const blocked = cart.shippingProblems.length > 0;
  const noMethod = !free && methods !== undefined && offered.length === 0;
  const lines = purchaseLines(cart, t);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    const local: ReviewErrors = {};
    if (!acceptTerms) local.acceptTerms = t('checkout.checkRequired');
    if (!acceptRetouch) local.acceptRetouch = t('checkout.checkRequired');
    if (!free && !method) local.paymentMethod = t('checkout.methodRequired');
    setFormErrors([]);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setFocusTick((n) => n + 1);
      return;
    }
    busy.current = true;
    setPlacing(true);
    let leaving = false;
    try {
      const result = await placeOrder({
        // With nothing left to pay no method is used; the input still names one.
        // expectedTotal is the total shown: the order is placed at it or refused.
        variables: { input: { galleryId, paymentMethod: method ?? 'card', acceptTerms, acceptRetouch, expectedTotal: cart.totals.total.amount } },
      });
      const answer = result.data?.placeOrder;
      if (!answer) return;
      if (answer.order && answer.userErrors.length === 0) {
        leaving = true;
        onPlaced();
        if (answer.redirectUrl) redirectTo(answer.redirectUrl);
        else navigate(`${galleryPath(galleryUrl, 'paymentReturn')}?order=${encodeURIComponent(answer.order.id)}`);
        return;
      }
      const { fieldErrors, messages } = refusals(answer.userErrors, t);
      setErrors(fieldErrors);
      setFormErrors(messages);
      setFocusTick((n) => n + 1);
      // The cart may have changed meanwhile (a code used up, a gift card spent, a price): show it as it now is.
      refetchCart();
    } catch {
      // The error link told the buyer (a toast), or asked for an e-mail and placed the order again.
    } finally {
      if (!leaving) {
        busy.current = false;
        setPlacing(false);
      }
    }
  };

  const address = galleryPath(galleryUrl, 'cartAddress');

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <CheckoutSteps galleryUrl={galleryUrl} current="validation" />
        <h1 className={styles.title}>{t('checkout.validationTitle')}</h1>
      </div>
      <div className={styles.layout}>
        <div className={styles.main}>
          <section className={styles.section} aria-labelledby="checkout-items-title">
            <div className={styles.sectionHead}>
              <h2 id="checkout-items-title" className={styles.sectionTitle}>
                {t('checkout.itemsTitle')}
              </h2>
              <Link to={galleryPath(galleryUrl, 'cartContent')}>{t('checkout.backToCart')}</Link>
            </div>
            <CheckoutRecap lines={lines} />
          </section>

          {client && <ReviewAddresses cart={cart} client={client} address={address} />}
        </div>

        <aside className={styles.aside} aria-label={t('checkout.totalsTitle')}>
          <section aria-labelledby="checkout-totals-title">
            <h2 id="checkout-totals-title" className={styles.asideTitle}>
              {t('checkout.totalsTitle')}
            </h2>
            <CartTotals cart={cart} />
          </section>

          <form ref={form} className={styles.pay} onSubmit={(e) => void pay(e)} noValidate>
            {cart.photosNeedRetouch && (
              <p className={styles.strongNotice} role="note">
                {t('checkout.retouchNotice')}
              </p>
            )}
            <CheckField id={ids.terms} checked={acceptTerms} onChange={setAcceptTerms} label={t('checkout.acceptTerms')} error={errors.acceptTerms} clear={() => setErrors((e) => ({ ...e, acceptTerms: undefined }))} />
            <TermsOfSale galleryUrl={galleryUrl} />
            <CheckField id={ids.retouch} checked={acceptRetouch} onChange={setAcceptRetouch} label={t('checkout.acceptRetouch')} error={errors.acceptRetouch} clear={() => setErrors((e) => ({ ...e, acceptRetouch: undefined }))} />

            <PaymentMethodField
              free={free}
              methods={methods}
              methodsFailed={methodsFailed}
              retryMethods={retryMethods}
              method={method}
              error={errors.paymentMethod}
              errorId={ids.method}
              onChoose={(m) => {
                setChosen(m);
                if (errors.paymentMethod) setErrors((e) => ({ ...e, paymentMethod: undefined }));
              }}
            />

            {blocked && <ShippingBlocked problems={cart.shippingProblems} address={address} />}

            {formErrors.length > 0 && (
              <div ref={alertBox} className={styles.alert} role="alert" tabIndex={-1}>
                {formErrors.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </div>
            )}

            <button type="submit" className="button button-primary" disabled={placing || blocked || noMethod || (!free && methods === undefined)} aria-busy={placing || undefined}>
              {free ? t('checkout.confirmFree') : t('checkout.payAmount', { amount: formatMoney(cart.totals.total, i18n.language) })}
            </button>
            {placing && <Spinner label={t('checkout.placing')} />}
            {!free && !placing && <p className={styles.muted}>{t('checkout.redirectHint')}</p>}
          </form>
        </aside>
      </div>
    </div>
  );
}

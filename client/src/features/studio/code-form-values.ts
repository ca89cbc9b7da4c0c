// The codes screen's creation form: what it holds as typed, and the
// mutation input it becomes (the server checks the values; this only
// shapes them: decimals with a dot, dates as whole days, countries as a
// list).

/** VoucherKindValue is a discount code or a gift card. */
export type VoucherKindValue = 'discount_code' | 'gift_card';

/** CodeFormState is the creation form as typed ("" is not set). */
export interface CodeFormState {
  kind: VoucherKindValue;
  /** one: a single code (typed or drawn); batch: count codes with a prefix. */
  mode: 'one' | 'batch';
  code: string;
  count: string;
  prefix: string;
  percentOff: string;
  amountOff: string;
  /** A gift card's value. */
  amount: string;
  freeShipping: boolean;
  /** ISO codes separated by commas or spaces. */
  freeShippingCountries: string;
  minSpend: string;
  usageLimit: string;
  perEmailLimit: string;
  /** YYYY-MM-DD. */
  validFrom: string;
  validUntil: string;
  galleryId: string;
}

/** emptyCodeForm is a new discount code, one at a time. */
export const emptyCodeForm: CodeFormState = {
  kind: 'discount_code',
  mode: 'one',
  code: '',
  count: '10',
  prefix: '',
  percentOff: '',
  amountOff: '',
  amount: '',
  freeShipping: false,
  freeShippingCountries: '',
  minSpend: '',
  usageLimit: '',
  perEmailLimit: '',
  validFrom: '',
  validUntil: '',
  galleryId: '',
};

/** decimal turns « 12,50 » or « 12.5 » into the API's Decimal string (« 12.50 »), or null when empty. */
export function decimal(typed: string): string | null {
  const s = typed.trim().replace(/\s|\u00a0/g, '').replace(',', '.');
  if (s === '') return null;
  // Left as typed when not a number: the server refuses it with a message.
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return s;
  const [units, cents = ''] = s.split('.');
  return `${String(Number(units))}.${cents.padEnd(2, '0')}`;
}

/** integer turns a typed whole number into a number, or null when empty (NaN when not a number, for the server to refuse). */
export function integer(typed: string): number | null {
  const s = typed.trim();
  if (s === '') return null;
  return /^-?\d+$/.test(s) ? Number(s) : Number.NaN;
}

/** dayStart is a YYYY-MM-DD day at midnight in the browser's time zone, plus some days, as the API's Time. */
export function dayStart(day: string, plus = 0): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plus).toISOString();
}

/** countries splits « be, FR lu » into ["BE", "FR", "LU"]. */
export function countries(typed: string): string[] {
  return typed
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter((c) => c !== '');
}

function compact<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

/** discountInput is the CreateVoucherInput of the form (without its code in a batch). */
export function discountInput(f: CodeFormState, withCode: boolean) {
  const list = countries(f.freeShippingCountries);
  return compact({
    galleryId: f.galleryId || null,
    code: withCode && f.code.trim() ? f.code.trim() : null,
    percentOff: integer(f.percentOff),
    amountOff: decimal(f.amountOff),
    minSpend: decimal(f.minSpend),
    validFrom: dayStart(f.validFrom),
    // The last day counts whole: valid until the next midnight.
    validUntil: dayStart(f.validUntil, 1),
    usageLimit: integer(f.usageLimit),
    perEmailLimit: integer(f.perEmailLimit),
    freeShipping: f.freeShipping || null,
    freeShippingCountries: f.freeShipping && list.length > 0 ? list : null,
  });
}

/** giftCardInput is the CreateGiftCardInput of the form. */
export function giftCardInput(f: CodeFormState, withCode: boolean) {
  return compact({
    galleryId: f.galleryId || null,
    code: withCode && f.code.trim() ? f.code.trim() : null,
    amount: decimal(f.amount) ?? '',
    validUntil: dayStart(f.validUntil, 1),
  });
}

/** CodeRequest is the mutation the form calls and its input. */
export type CodeRequest =
  | { mutation: 'createVoucher'; input: ReturnType<typeof discountInput> }
  | { mutation: 'createGiftCard'; input: ReturnType<typeof giftCardInput> }
  | {
      mutation: 'createVoucherBatch';
      input: {
        count: number;
        prefix?: string;
        discountCode?: ReturnType<typeof discountInput>;
        giftCard?: ReturnType<typeof giftCardInput>;
      };
    };

/** codeRequest is what the form asks the server for. */
export function codeRequest(f: CodeFormState): CodeRequest {
  if (f.mode === 'batch') {
    const prefix = f.prefix.trim();
    return {
      mutation: 'createVoucherBatch',
      input: {
        count: integer(f.count) ?? 0,
        ...(prefix ? { prefix } : {}),
        ...(f.kind === 'gift_card' ? { giftCard: giftCardInput(f, false) } : { discountCode: discountInput(f, false) }),
      },
    };
  }
  return f.kind === 'gift_card'
    ? { mutation: 'createGiftCard', input: giftCardInput(f, true) }
    : { mutation: 'createVoucher', input: discountInput(f, true) };
}

/** VOUCHER_STATUSES are the list's status filters, in the order the filter offers them. */
export const VOUCHER_STATUSES = ['active', 'scheduled', 'used_up', 'expired', 'disabled'] as const;

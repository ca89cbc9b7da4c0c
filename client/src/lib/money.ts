import { intlLocale, symbolAfterAmount } from './locale';

/** MoneyLike is the shape of the API's Money type. */
export interface MoneyLike {
  amount: string;
  currency: string;
}

// One formatter per language, currency and kind of amount: making one costs
// far more than using it, and prices are drawn on every render of a list
// (docs/performance.md).
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * formatMoney renders a Money value in the given interface language, e.g.
 * "12,50 €" (fr, nl) or "€12.50" (en); the amount is a decimal string.
 */
export function formatMoney(money: MoneyLike, language: string): string {
  const amount = Number(money.amount);
  if (!Number.isFinite(amount)) return `${money.amount} ${money.currency}`;
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  const locale = intlLocale(language);
  const key = `${locale} ${money.currency} ${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency, minimumFractionDigits: fractionDigits });
    formatters.set(key, formatter);
  }
  if (!symbolAfterAmount(language)) return formatter.format(amount);
  // The symbol goes after the amount, joined by a no-break space (« 121,41 € »).
  const parts = formatter.formatToParts(amount);
  const symbol = parts.filter((p) => p.type === 'currency').map((p) => p.value).join('');
  const number = parts
    .filter((p) => p.type !== 'currency' && p.type !== 'literal')
    .map((p) => p.value)
    .join('');
  return symbol ? `${number}\u00a0${symbol}` : formatter.format(amount);
}

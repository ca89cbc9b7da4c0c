/** MoneyLike is the shape of the API's Money type. */
export interface MoneyLike {
  amount: string;
  currency: string;
}

// One formatter per language, currency and kind of amount: making one costs
// far more than using it, and prices are drawn on every render of a list
// (docs/performance.md).
const formatters = new Map<string, Intl.NumberFormat>();

/** formatMoney renders a Money value in the given language, e.g. "12,50 €"; the amount is a decimal string. */
export function formatMoney(money: MoneyLike, locale: string): string {
  const amount = Number(money.amount);
  if (!Number.isFinite(amount)) return `${money.amount} ${money.currency}`;
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  const key = `${locale} ${money.currency} ${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency, minimumFractionDigits: fractionDigits });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}

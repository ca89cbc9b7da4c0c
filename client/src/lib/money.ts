/** MoneyLike is the shape of the API's Money type. */
export interface MoneyLike {
  amount: string;
  currency: string;
}

/** formatMoney renders a Money value in the given language, e.g. "12,50 €"; the amount is a decimal string. */
export function formatMoney(money: MoneyLike, locale: string): string {
  const amount = Number(money.amount);
  if (!Number.isFinite(amount)) return `${money.amount} ${money.currency}`;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

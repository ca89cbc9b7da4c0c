import type { MoneyLike } from '../../lib/money';

/**
 * multiplyMoney is a unit price times a quantity, computed in whole cents
 * (prices include VAT and are rounded per line, like the server's) and
 * written back as a decimal string.
 */
export function multiplyMoney(unit: MoneyLike, quantity: number): MoneyLike {
  const cents = Math.round(Number(unit.amount) * 100) * quantity;
  if (!Number.isFinite(cents)) return unit;
  return { amount: (cents / 100).toFixed(2), currency: unit.currency };
}

import type { MoneyLike } from '../../lib/money';

/** DEFAULT_OFFER_TYPE is a pack's offer type when the photographer gave none (spec §3, §9). */
export const DEFAULT_OFFER_TYPE = 'Gratuit';

/**
 * offerBadge is the badge a pack shows: its offer type, the spec's default
 * « Gratuit » when it has none, but never « Gratuit » on a pack that costs
 * something (a 39 € pack is not free): no badge then.
 */
export function offerBadge(pack: { offerType: string; unitPrice: MoneyLike }): string | undefined {
  const type = pack.offerType.trim() || DEFAULT_OFFER_TYPE;
  const paid = Number(pack.unitPrice.amount) > 0;
  if (paid && type.toLocaleLowerCase('fr') === DEFAULT_OFFER_TYPE.toLocaleLowerCase('fr')) return undefined;
  return type;
}

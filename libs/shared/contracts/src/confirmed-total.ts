import { type Cents, formatTTD, fromCents, toCents } from '@shop/money';
import { ConflictError } from './errors';

/**
 * The items total implied by the total the shopper confirmed, refusing at once (409, nothing written) when the
 * delivery cost is not the one the shopper saw. The catalog, which owns both prices and the delivery cost,
 * calls it inside the reservation and then checks the items total against its own prices.
 */
export function expectedItemsTotal(items: Array<{ qty: number; confirmedPrice?: number }>, confirmedCents: Cents, deliveryCents: Cents): number {
  if (items.every((i) => i.confirmedPrice !== undefined)) {
    const seenItems = items.reduce((sum, i) => sum + toCents(i.confirmedPrice ?? 0) * i.qty, 0);
    const seenDelivery = confirmedCents - seenItems;
    if (seenDelivery !== deliveryCents && seenDelivery >= 0) {
      throw new ConflictError(
        `Delivery now costs ${formatTTD(fromCents(deliveryCents))} (was ${formatTTD(fromCents(seenDelivery))}). Please check the new total and confirm your order again.`,
      );
    }
  }
  const itemsCents = confirmedCents - deliveryCents;
  if (itemsCents < 0) throw new ConflictError('The total changed. Please check the new total and confirm your order again.');
  return fromCents(itemsCents);
}

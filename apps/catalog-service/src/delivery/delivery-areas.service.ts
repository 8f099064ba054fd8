import { Injectable } from '@nestjs/common';
import { ConflictError, type DeliveryArea, NotFoundError, type Pattern, type PatternRequest, type PricedDeliveryArea, ValidationError } from '@shop/contracts';
import { fromCents, toCents } from '@shop/money';
import { DEFAULT_SITE_SETTINGS } from '@shop/rules';
import { TransactionContext } from '@shop/server-database';
import { SiteSettingsService } from '../settings/site-settings.service';
import { type DeliveryAreaRow, DeliveryAreasRepository } from './delivery-areas.repository';

const NOT_FOUND = 'Delivery area not found';

/** The area's cost in force (TTD): the default area's before the settings record exists is the default settings'. */
function costOf(row: DeliveryAreaRow): number {
  return row.cost_cents === null ? DEFAULT_SITE_SETTINGS.paymentSettings.deliveryCost : fromCents(Number(row.cost_cents));
}

export function toDeliveryArea(row: DeliveryAreaRow): DeliveryArea {
  return { _id: row.id, name: row.name, cost: costOf(row), estimatedDays: row.estimated_days, active: row.active, isDefault: row.is_default };
}

/**
 * Delivery areas, part of the site settings: the shopper picks one at checkout and the order service prices it
 * (`price`) for the quote and the order alike. The default area's cost is `paymentSettings.deliveryCost`.
 */
@Injectable()
export class DeliveryAreasService {
  constructor(
    private readonly areas: DeliveryAreasRepository,
    private readonly settings: SiteSettingsService,
    private readonly tx: TransactionContext,
  ) {}

  async list({ all }: PatternRequest<typeof Pattern.DeliveryAreasList>): Promise<DeliveryArea[]> {
    return (await this.areas.list(all)).map(toDeliveryArea);
  }

  /** The active area asked for, or the default area; an unknown or switched-off id is a 400. */
  async price({ id }: PatternRequest<typeof Pattern.DeliveryAreasPrice>): Promise<PricedDeliveryArea> {
    const row = await this.areas.priced(id);
    if (!row) throw new ValidationError('Please choose a delivery area from the list');
    const previous = row.previous_cost_cents === null ? null : fromCents(Number(row.previous_cost_cents));
    return { area: { _id: row.id, name: row.name, estimatedDays: row.estimated_days }, cost: costOf(row), previousCost: previous };
  }

  async create({ area }: PatternRequest<typeof Pattern.DeliveryAreasCreate>): Promise<DeliveryArea> {
    return this.tx.run(async () => {
      if (await this.areas.nameTaken(area.name, null)) throw new ConflictError(`There is already a delivery area named ${area.name}`);
      const id = await this.areas.insert({ name: area.name, costCents: toCents(area.cost), estimatedDays: area.estimatedDays, active: area.active });
      return this.read(id);
    });
  }

  /** Changing an area never changes an order already placed: orders keep the name, days and cost they were placed with. */
  async update({ id, area }: PatternRequest<typeof Pattern.DeliveryAreasUpdate>): Promise<DeliveryArea> {
    // The settings record holds the default area's cost: make sure it exists before the transaction.
    await this.settings.current();
    return this.tx.run(async () => {
      const current = await this.areas.lock(id);
      if (!current) throw new NotFoundError(NOT_FOUND);
      if (current.is_default && !area.active) throw new ValidationError('The default delivery area cannot be switched off');
      if (await this.areas.nameTaken(area.name, id)) throw new ConflictError(`There is already a delivery area named ${area.name}`);
      await this.areas.update(id, { name: area.name, costCents: toCents(area.cost), estimatedDays: area.estimatedDays, active: area.active }, current.is_default);
      if (current.is_default) await this.areas.setDefaultCost(toCents(area.cost));
      return this.read(id);
    });
  }

  private async read(id: string): Promise<DeliveryArea> {
    const row = await this.areas.find(id);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return toDeliveryArea(row);
  }
}

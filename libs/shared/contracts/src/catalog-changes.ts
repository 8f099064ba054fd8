/**
 * What the catalog publishes (core NATS, subject `NATS_SUBJECT_PREFIX` + this) after a change to anything the
 * public reads has committed: products, reviews, stock, site settings. Every gateway replica subscribes without
 * a queue group, so each one clears its cache of public answers.
 */
export const CATALOG_CHANGED_SUBJECT = 'catalog.changed';

export interface CatalogChangedMessage {
  /** The pattern whose handler made the change. */
  pattern: string;
  /** When it was published (ISO time). */
  at: string;
  /**
   * Set when the change touched these products only (a review): a gateway then forgets just the answers that show
   * one of them. Absent: anything may have changed, and every answer goes.
   */
  productIds?: string[];
}

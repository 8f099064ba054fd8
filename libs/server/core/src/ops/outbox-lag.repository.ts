import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

const TABLE_NAME = /^[a-z_]+\.[a-z_]+$/;

/**
 * Reads how far an outbox's relay is behind, for the metrics. Both queries use the partial index on pending
 * rows (`WHERE published_at IS NULL`), so they stay cheap however big the table grows.
 */
@Injectable()
export class OutboxLagRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Age in seconds of the oldest unpublished row of the table (`orders.outbox`, a constant of the app), 0 when none waits. */
  async lagSeconds(table: string): Promise<number> {
    const rows: Array<{ lag: number }> = await this.dataSource.query(
      `SELECT extract(epoch FROM now() - created_at)::float8 AS lag FROM ${checked(table)} WHERE published_at IS NULL ORDER BY id LIMIT 1`,
    );
    return rows.length > 0 ? Math.max(0, Number(rows[0].lag)) : 0;
  }

  /** How many rows of the table wait to be published. */
  async pending(table: string): Promise<number> {
    const rows: Array<{ n: number }> = await this.dataSource.query(`SELECT count(*)::int AS n FROM ${checked(table)} WHERE published_at IS NULL`);
    return Number(rows[0].n);
  }
}

function checked(table: string): string {
  if (!TABLE_NAME.test(table)) throw new Error(`Not a table name: ${table}`);
  return table;
}

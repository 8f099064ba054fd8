import { Injectable } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import type { Repository } from 'typeorm';
import { SiteSettingsEntity } from './site-settings.entity';
import type { SettingsColumns } from './site-settings.mapper';

/** The site settings record's I/O, through its TypeORM entity; joins the current transaction. */
@Injectable()
export class SiteSettingsRepository {
  constructor(private readonly tx: TransactionContext) {}

  private get settings(): Repository<SiteSettingsEntity> {
    return this.tx.db().getRepository(SiteSettingsEntity);
  }

  async findSingleton(): Promise<SiteSettingsEntity | null> {
    return this.settings.findOneBy({ singleton: true });
  }

  async findSingletonOrFail(): Promise<SiteSettingsEntity> {
    return this.settings.findOneByOrFail({ singleton: true });
  }

  /**
   * Writes the record unless one exists: the unique singleton key lets exactly one of several replicas'
   * inserts win (ON CONFLICT DO NOTHING).
   */
  async insertIfMissing(columns: SettingsColumns): Promise<void> {
    await this.settings
      .createQueryBuilder()
      .insert()
      .into(SiteSettingsEntity)
      .values({ singleton: true, ...columns })
      .orIgnore()
      .execute();
  }

  /** Replaces the given columns of the record in one statement; answers whether the record exists. */
  async update(id: string, columns: Partial<SettingsColumns>): Promise<boolean> {
    const result = await this.settings.update({ id }, columns);
    return Boolean(result.affected);
  }

  async findByIdOrFail(id: string): Promise<SiteSettingsEntity> {
    return this.settings.findOneByOrFail({ id });
  }
}

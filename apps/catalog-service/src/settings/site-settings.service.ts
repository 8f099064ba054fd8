import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { NotFoundError, type SiteSettings, SiteSettingsIdSchema, validate } from '@shop/contracts';
import { DEFAULT_SITE_SETTINGS, normaliseSiteSettings, SiteSettingsInputSchema } from '@shop/rules';
import { Repository } from 'typeorm';
import { SiteSettingsEntity } from './site-settings.entity';
import { toSettingsColumns, toSiteSettings } from './site-settings.mapper';

const NOT_FOUND = 'Site settings not found';

/** The one site settings record: created with the defaults on first read, replaced whole by the owner. */
@Injectable()
export class SiteSettingsService {
  constructor(@InjectRepository(SiteSettingsEntity) private readonly settings: Repository<SiteSettingsEntity>) {}

  /** The record, created with the defaults when there is none yet. */
  async current(): Promise<SiteSettings> {
    const existing = await this.settings.findOneBy({ singleton: true });
    if (existing) return toSiteSettings(existing);
    // Replicas answering the first reads together may all get here: the unique singleton key lets exactly
    // one insert win (ON CONFLICT DO NOTHING) and everyone then reads the winner's record.
    await this.settings
      .createQueryBuilder()
      .insert()
      .into(SiteSettingsEntity)
      .values({ singleton: true, ...toSettingsColumns(DEFAULT_SITE_SETTINGS) })
      .orIgnore()
      .execute();
    return toSiteSettings(await this.settings.findOneByOrFail({ singleton: true }));
  }

  /**
   * Replaces the whole record in one statement (so nothing is ever half-written) after validating it
   * again with the shared rules; `call` becomes `phone` and videos their watch links.
   */
  async update(id: string, raw: unknown): Promise<SiteSettings> {
    const values = normaliseSiteSettings(validate(SiteSettingsInputSchema, raw));
    if (!SiteSettingsIdSchema.safeParse(id).success) throw new NotFoundError(NOT_FOUND);
    const result = await this.settings.update({ id }, toSettingsColumns(values));
    if (!result.affected) throw new NotFoundError(NOT_FOUND);
    return toSiteSettings(await this.settings.findOneByOrFail({ id }));
  }
}

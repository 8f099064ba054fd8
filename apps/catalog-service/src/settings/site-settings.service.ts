import { Injectable } from '@nestjs/common';
import { NotFoundError, type SiteSettings, SiteSettingsIdSchema } from '@shop/contracts';
import { DEFAULT_SITE_SETTINGS, normaliseSettingsPatch, normaliseSiteSettings, type SiteSettingsInput, type SiteSettingsPatch } from '@shop/rules';
import { toSectionColumns, toSettingsColumns, toSiteSettings } from './site-settings.mapper';
import { SiteSettingsRepository } from './site-settings.repository';

const NOT_FOUND = 'Site settings not found';

/** The one site settings record: created with the defaults on first read, replaced whole by the owner. */
@Injectable()
export class SiteSettingsService {
  constructor(private readonly settings: SiteSettingsRepository) {}

  /** The record, created with the defaults when there is none yet. */
  async current(): Promise<SiteSettings> {
    const existing = await this.settings.findSingleton();
    if (existing) return toSiteSettings(existing);
    // Replicas answering the first reads together may all get here: the unique singleton key lets exactly
    // one insert win (ON CONFLICT DO NOTHING) and everyone then reads the winner's record.
    await this.settings.insertIfMissing(toSettingsColumns(DEFAULT_SITE_SETTINGS));
    return toSiteSettings(await this.settings.findSingletonOrFail());
  }

  /**
   * Replaces the whole record in one statement (so nothing is ever half-written); the settings were validated
   * again with the shared rules where the message arrived. `call` becomes `phone` and videos their watch links.
   */
  async update(id: string, settings: SiteSettingsInput): Promise<SiteSettings> {
    const values = normaliseSiteSettings(settings);
    if (!SiteSettingsIdSchema.safeParse(id).success) throw new NotFoundError(NOT_FOUND);
    if (!(await this.settings.update(id, toSettingsColumns(values)))) throw new NotFoundError(NOT_FOUND);
    return toSiteSettings(await this.settings.findByIdOrFail(id));
  }

  /**
   * Replaces only the sections sent, each whole, in one statement (issue 26: the admin saves one section at a time,
   * and must not write the others with what its screen loaded earlier).
   */
  async patch(id: string, sections: SiteSettingsPatch): Promise<SiteSettings> {
    const values = normaliseSettingsPatch(sections);
    if (!SiteSettingsIdSchema.safeParse(id).success) throw new NotFoundError(NOT_FOUND);
    if (!(await this.settings.update(id, toSectionColumns(values)))) throw new NotFoundError(NOT_FOUND);
    return toSiteSettings(await this.settings.findByIdOrFail(id));
  }
}

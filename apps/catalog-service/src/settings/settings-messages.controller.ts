import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Pattern, type PatternRequest, type SiteSettings } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { SiteSettingsService } from './site-settings.service';

@Controller()
export class SettingsMessagesController {
  constructor(private readonly settingsService: SiteSettingsService) {}

  @Handles(Pattern.SettingsGet)
  get(): Promise<SiteSettings> {
    return this.settingsService.current();
  }

  @Handles(Pattern.SettingsPatch)
  patch(@Payload() payload: PatternRequest<typeof Pattern.SettingsPatch>): Promise<SiteSettings> {
    return this.settingsService.patch(payload.id, payload.sections);
  }

  @Handles(Pattern.SettingsUpdate)
  update(@Payload() payload: PatternRequest<typeof Pattern.SettingsUpdate>): Promise<SiteSettings> {
    return this.settingsService.update(payload.id, payload.settings);
  }
}

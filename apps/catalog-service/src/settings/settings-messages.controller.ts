import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type MessageMap, Pattern, type SiteSettings } from '@shop/contracts';
import { SiteSettingsService } from './site-settings.service';

type Req<P extends keyof MessageMap> = MessageMap[P]['request'];

@Controller()
export class SettingsMessagesController {
  constructor(private readonly settingsService: SiteSettingsService) {}

  @MessagePattern(Pattern.SettingsGet)
  get(): Promise<SiteSettings> {
    return this.settingsService.current();
  }

  @MessagePattern(Pattern.SettingsUpdate)
  update(@Payload() payload: Req<typeof Pattern.SettingsUpdate>): Promise<SiteSettings> {
    return this.settingsService.update(String(payload?.id ?? ''), payload?.settings);
  }
}

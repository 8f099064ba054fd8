import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type DeliveryArea, Pattern, type PatternRequest, type PricedDeliveryArea } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { DeliveryAreasService } from './delivery-areas.service';

@Controller()
export class DeliveryAreasMessagesController {
  constructor(private readonly areas: DeliveryAreasService) {}

  @Handles(Pattern.DeliveryAreasList)
  list(@Payload() payload: PatternRequest<typeof Pattern.DeliveryAreasList>): Promise<DeliveryArea[]> {
    return this.areas.list(payload);
  }

  @Handles(Pattern.DeliveryAreasPrice)
  price(@Payload() payload: PatternRequest<typeof Pattern.DeliveryAreasPrice>): Promise<PricedDeliveryArea> {
    return this.areas.price(payload);
  }

  @Handles(Pattern.DeliveryAreasCreate)
  create(@Payload() payload: PatternRequest<typeof Pattern.DeliveryAreasCreate>): Promise<DeliveryArea> {
    return this.areas.create(payload);
  }

  @Handles(Pattern.DeliveryAreasUpdate)
  update(@Payload() payload: PatternRequest<typeof Pattern.DeliveryAreasUpdate>): Promise<DeliveryArea> {
    return this.areas.update(payload);
  }
}

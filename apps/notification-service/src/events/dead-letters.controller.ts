import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type EventDeadLetterPage, Pattern, type PatternRequest } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { DeadLettersService } from './dead-letters.service';

/** The owner's list of order events this service gave up on. */
@Controller()
export class DeadLettersController {
  constructor(private readonly deadLetters: DeadLettersService) {}

  @Handles(Pattern.NotificationDeadLetters)
  list(@Payload() payload: PatternRequest<typeof Pattern.NotificationDeadLetters>): Promise<EventDeadLetterPage> {
    return this.deadLetters.list(payload);
  }
}

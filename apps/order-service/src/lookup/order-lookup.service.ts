import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ORDER_CODE_MAILBOXES,
  ORDER_CODE_MINUTES,
  ORDER_CODE_TRIES,
  type Order,
  type OrderCodeCheckResponse,
  OrderLookupMessage,
  Pattern,
  type PatternRequest,
  ValidationError,
} from '@shop/contracts';
import { isEmailContact } from '@shop/rules';
import { TransactionContext } from '@shop/server-database';
import { ServiceClient } from '@shop/server-messaging';
import { LOGGER } from '@shop/server-ops';
import { type JobQueue, JobName, JobQueues, QueueName } from '@shop/server-queue';
import type { Logger } from 'pino';
import { toOrder } from '../orders/order-row';
import { type LiveCode, OrderLookupRepository } from './order-lookup.repository';

/** What is stored of a code: SHA-256 of its row id (a salt no two codes share) and the code. */
function codeHash(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

function matches(row: LiveCode, code: string): boolean {
  return timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(codeHash(row.id, code)));
}

/**
 * "Find my orders" (issue 29). A request only queues a job, whatever the contact: the answer (and its time) is the
 * same whether or not it has orders. The job finds the mailboxes on the contact's orders and mails each its own
 * 6-digit code (stored hashed, ORDER_CODE_MINUTES, ORDER_CODE_TRIES wrong tries across the contact's codes). A right
 * code answers the mailbox it went to: the gateway then lets the browser see that mailbox's orders for a while.
 */
@Injectable()
export class OrderLookupService {
  private readonly queue: JobQueue<typeof QueueName.OrderLookup>;

  constructor(
    private readonly repository: OrderLookupRepository,
    private readonly tx: TransactionContext,
    private readonly services: ServiceClient,
    queues: JobQueues,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.queue = queues.queue(QueueName.OrderLookup);
  }

  async request({ contact }: PatternRequest<typeof Pattern.OrdersLookupRequest>): Promise<Record<string, never>> {
    await this.queue.add(JobName.OrderLookupCode, { contact }, { jobId: randomUUID() });
    return {};
  }

  /** The job: a code per mailbox on the contact's orders, each mailed; nothing for a contact without orders. */
  async sendCodes(contact: string): Promise<void> {
    await this.repository.prune();
    const mailboxes = await this.repository.mailboxesOf(contact, isEmailContact(contact), ORDER_CODE_MAILBOXES);
    if (mailboxes.length === 0) {
      this.logger.info('order lookup for a contact without orders: nothing mailed');
      return;
    }
    const codes = mailboxes.map((email) => {
      const id = randomUUID();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      return { id, email, code, hash: codeHash(id, code) };
    });
    const expiresAt = await this.tx.run(() => this.repository.issue(contact, codes, ORDER_CODE_MINUTES));
    for (const { id, email, code } of codes) {
      await this.services.send(Pattern.NotificationOrderCode, { id, email, code, expiresAt: expiresAt.toISOString() });
    }
    this.logger.info({ mailboxes: codes.length }, 'order lookup codes mailed');
  }

  /** A code typed for a contact: the mailbox it opens, or a 400 that says the same for a wrong, used, expired or unknown one. */
  async check({ contact, code }: PatternRequest<typeof Pattern.OrdersLookupCheck>): Promise<OrderCodeCheckResponse> {
    // The wrong try is committed before the refusal is thrown (a throw inside would roll it back).
    const email = await this.tx.run(async () => {
      const live = await this.repository.live(contact, ORDER_CODE_TRIES);
      const match = live.find((row) => matches(row, code));
      if (!match) {
        if (live.length > 0) await this.repository.addTry(live.map((row) => row.id));
        return null;
      }
      await this.repository.use(match.id);
      return match.email;
    });
    if (email === null) throw new ValidationError(OrderLookupMessage.CodeRefused);
    return { email };
  }

  /** Every order of a proven mailbox, whole (the gateway checked the grant; only it sends this pattern). */
  async orders({ email }: PatternRequest<typeof Pattern.OrdersLookupOrders>): Promise<Order[]> {
    return (await this.repository.ordersOf(email.toLowerCase())).map((row) => toOrder(row));
  }
}

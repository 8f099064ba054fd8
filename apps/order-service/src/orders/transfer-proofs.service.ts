import { Injectable } from '@nestjs/common';
import {
  ConflictError,
  DomainError,
  ErrorCode,
  NotFoundError,
  OrderAction,
  OrderIdSchema,
  Pattern,
  type PatternRequest,
  type StoredTransferProof,
  TRANSFER_PROOF_LIMIT,
  TransferProofMessage,
  transferProofNote,
  type TransferProofsResponse,
} from '@shop/contracts';
import { TransactionContext } from '@shop/server-database';
import { decide } from './lifecycle/order-lifecycle';
import { type OrderRow, ownsOrder } from './order-row';
import { factsOf, OrderTransitions, refusalError } from './order-transitions';
import { OrderService } from './order.service';
import { OrdersRepository } from './orders.repository';
import { TransferProofsRepository } from './transfer-proofs.repository';

type Viewer = PatternRequest<typeof Pattern.OrdersTransferProofAdmit>;

/**
 * Issue 29: the shopper's proofs of transfer. Only someone who may see the order whole (its visitor, its signed mail
 * link, a code for its mailbox) may add one, only while it waits for its transfer, and at most TRANSFER_PROOF_LIMIT;
 * each is a line on the timeline. The gateway asks `admit` before it reads the file and `add` once it is stored.
 */
@Injectable()
export class TransferProofs {
  constructor(
    private readonly orderService: OrderService,
    private readonly orders: OrdersRepository,
    private readonly proofs: TransferProofsRepository,
    private readonly transitions: OrderTransitions,
    private readonly tx: TransactionContext,
  ) {}

  async admit(viewer: Viewer): Promise<TransferProofsResponse> {
    const row = await this.orderService.load(viewer.id);
    const proofs = await this.proofs.ofOrder(row.id);
    this.check(row, viewer, proofs.length);
    return { proofs };
  }

  async add({ key, kind, contentType, sizeBytes, ...viewer }: PatternRequest<typeof Pattern.OrdersTransferProofAdd>): Promise<TransferProofsResponse> {
    await this.orderService.load(viewer.id);
    return this.tx.run(async () => {
      // Under the order's lock: two uploads at once cannot both be the fifth.
      const row = await this.orders.lock(viewer.id);
      if (!row) throw new NotFoundError('Order not found');
      this.check(row, viewer, (await this.proofs.ofOrder(row.id)).length);
      await this.proofs.add(row.id, { key, kind, contentType, sizeBytes });
      await this.transitions.applyOrRefuse(row.id, OrderAction.UploadTransferProof, { note: transferProofNote({ kind, sizeBytes }) });
      return { proofs: await this.proofs.ofOrder(row.id) };
    });
  }

  /** One proof, for the owner (the gateway's admin-only route asks): where its file is kept. */
  async get({ id, proofId }: PatternRequest<typeof Pattern.OrdersTransferProofGet>): Promise<StoredTransferProof> {
    const found = OrderIdSchema.safeParse(id).success && OrderIdSchema.safeParse(proofId).success ? await this.proofs.find(id, proofId) : null;
    if (!found) throw new NotFoundError('Proof of transfer not found');
    return found;
  }

  private check(row: OrderRow, viewer: Viewer, count: number): void {
    if (!ownsOrder(row, { visitorId: viewer.visitorId, email: viewer.viewerEmail, signedLink: viewer.signedLink })) {
      throw new DomainError(ErrorCode.Forbidden, TransferProofMessage.NotYours);
    }
    const decision = decide(factsOf(row), OrderAction.UploadTransferProof);
    if (!decision.allowed) throw refusalError(decision.refusal);
    if (count >= TRANSFER_PROOF_LIMIT) throw new ConflictError(TransferProofMessage.Limit);
  }
}

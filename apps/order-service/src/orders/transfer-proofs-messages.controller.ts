import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Pattern, type PatternRequest, type StoredTransferProof, type TransferProofsResponse } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { TransferProofs } from './transfer-proofs.service';

/** The shopper's proofs of transfer (issue 29), over NATS: admitted, recorded, and found for the owner. */
@Controller()
export class TransferProofsMessagesController {
  constructor(private readonly proofs: TransferProofs) {}

  @Handles(Pattern.OrdersTransferProofAdmit)
  admit(@Payload() payload: PatternRequest<typeof Pattern.OrdersTransferProofAdmit>): Promise<TransferProofsResponse> {
    return this.proofs.admit(payload);
  }

  @Handles(Pattern.OrdersTransferProofAdd)
  add(@Payload() payload: PatternRequest<typeof Pattern.OrdersTransferProofAdd>): Promise<TransferProofsResponse> {
    return this.proofs.add(payload);
  }

  @Handles(Pattern.OrdersTransferProofGet)
  get(@Payload() payload: PatternRequest<typeof Pattern.OrdersTransferProofGet>): Promise<StoredTransferProof> {
    return this.proofs.get(payload);
  }
}

import { Injectable } from '@nestjs/common';
import type { TransferProof } from '@shop/contracts';
import { TransactionContext } from '@shop/server-database';

interface ProofRow {
  id: string;
  storage_key: string;
  kind: TransferProof['kind'];
  content_type: string;
  size_bytes: number;
  uploaded_at: Date;
}

/** A proof as the API shows it (the storage key stays in the service and the gateway). */
function toProof(row: ProofRow): TransferProof {
  return { id: row.id, kind: row.kind, contentType: row.content_type, sizeBytes: Number(row.size_bytes), uploadedAt: row.uploaded_at.toISOString() };
}

/** The SQL of the shoppers' proofs of transfer (issue 29). */
@Injectable()
export class TransferProofsRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** The order's proofs, oldest first. */
  async ofOrder(orderId: string): Promise<TransferProof[]> {
    const rows: ProofRow[] = await this.tx.db().query(`SELECT * FROM orders.order_transfer_proofs WHERE order_id = $1 ORDER BY uploaded_at, id`, [orderId]);
    return rows.map(toProof);
  }

  async add(orderId: string, proof: { key: string; kind: TransferProof['kind']; contentType: string; sizeBytes: number }): Promise<void> {
    await this.tx.db().query(`INSERT INTO orders.order_transfer_proofs (order_id, storage_key, kind, content_type, size_bytes) VALUES ($1, $2, $3, $4, $5)`, [
      orderId,
      proof.key,
      proof.kind,
      proof.contentType,
      proof.sizeBytes,
    ]);
  }

  /** Where the order's proof files are kept. */
  async keysOf(orderId: string): Promise<string[]> {
    const rows: Array<{ storage_key: string }> = await this.tx.db().query(`SELECT storage_key FROM orders.order_transfer_proofs WHERE order_id = $1`, [orderId]);
    return rows.map((r) => r.storage_key);
  }

  /** One proof of one order with where its file is, or null. */
  async find(orderId: string, proofId: string): Promise<{ proof: TransferProof; key: string } | null> {
    const [row] = (await this.tx.db().query(`SELECT * FROM orders.order_transfer_proofs WHERE order_id = $1 AND id = $2`, [orderId, proofId])) as ProofRow[];
    return row ? { proof: toProof(row), key: row.storage_key } : null;
  }
}

import { Injectable } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import type { OrderRow } from '../orders/order-row';

/** A live code of a contact, locked for the check. */
export interface LiveCode {
  id: string;
  email: string;
  code_hash: string;
}

/** A code to store: its row id, the mailbox it goes to and its hash (never the code). */
export interface NewCode {
  id: string;
  email: string;
  hash: string;
}

/** SQL of "Find my orders" (issue 29): the codes, and the orders of a contact or a mailbox. */
@Injectable()
export class OrderLookupRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** The mailboxes (lower case) on a contact's orders, the most recently used first. */
  async mailboxesOf(contact: string, byEmail: boolean, limit: number): Promise<string[]> {
    const where = byEmail ? 'lower(email) = $1' : 'phone = $1';
    const rows: Array<{ email: string }> = await this.tx
      .db()
      .query(`SELECT lower(email) AS email FROM orders.orders WHERE ${where} GROUP BY lower(email) ORDER BY max(created_at) DESC LIMIT $2`, [contact, limit]);
    return rows.map((r) => r.email);
  }

  /** Every order of a mailbox, newest first. */
  async ordersOf(email: string): Promise<OrderRow[]> {
    return this.tx.db().query('SELECT * FROM orders.orders WHERE lower(email) = $1 ORDER BY created_at DESC, id LIMIT 500', [email]);
  }

  /** Stores a contact's new codes and ends its older ones (only the latest mail's code works); answers when they end. */
  async issue(contact: string, codes: NewCode[], minutes: number): Promise<Date> {
    await this.tx.db().query('UPDATE orders.lookup_codes SET used_at = now() WHERE contact = $1 AND used_at IS NULL AND expires_at > now()', [contact]);
    const rows: Array<{ expires_at: Date }> = await this.tx.db().query(
      `INSERT INTO orders.lookup_codes (id, contact, email, code_hash, expires_at)
       SELECT c.id, $1, c.email, c.hash, now() + make_interval(mins => $3)
         FROM jsonb_to_recordset($2::jsonb) AS c(id uuid, email text, hash text)
       RETURNING expires_at`,
      [contact, JSON.stringify(codes), minutes],
    );
    return rows[0]?.expires_at ?? new Date();
  }

  /** The contact's codes still usable (unused, not expired, fewer wrong tries than `maxTries`), locked until the commit. */
  async live(contact: string, maxTries: number): Promise<LiveCode[]> {
    return this.tx
      .db()
      .query('SELECT id, email, code_hash FROM orders.lookup_codes WHERE contact = $1 AND used_at IS NULL AND expires_at > now() AND tries < $2 ORDER BY id FOR UPDATE', [contact, maxTries]);
  }

  /** A wrong code counts against every live code of the contact. */
  async addTry(ids: string[]): Promise<void> {
    await this.tx.db().query('UPDATE orders.lookup_codes SET tries = tries + 1 WHERE id = ANY($1::uuid[])', [ids]);
  }

  /** A right code works once. */
  async use(id: string): Promise<void> {
    await this.tx.db().query('UPDATE orders.lookup_codes SET used_at = now() WHERE id = $1', [id]);
  }

  /** Codes past their end for a day are deleted (they can no longer be used, nor tell anything). */
  async prune(): Promise<void> {
    await this.tx.db().query("DELETE FROM orders.lookup_codes WHERE expires_at < now() - interval '1 day'");
  }
}

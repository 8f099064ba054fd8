import { Injectable } from '@nestjs/common';
import { queryRows, TransactionContext } from '@shop/server-database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session's last_seen_at is written at most this often, so that a busy screen is not a write per call. */
export const SESSION_TOUCH_SECONDS = 60;

/** How a session was opened: the admin app's cookie, or a bearer token from the JSON login. */
export type SessionFlow = 'cookie' | 'bearer';

export interface NewSession {
  userId: string;
  flow: SessionFlow;
  /** sha256 of the browser's device cookie (cookie flow) or of its User-Agent (bearer flow). */
  deviceHash: string;
  userAgent: string;
  clientIp: string;
  absoluteSeconds: number;
}

/** All reads and writes of admin sessions (identity.admin_sessions). */
@Injectable()
export class AdminSessionsRepository {
  constructor(private readonly tx: TransactionContext) {}

  /**
   * Opens a session. `knownDevice` says whether this user had a session from the same device before
   * (the "sign-in from a new browser" mail), checked in the same statement as the insert.
   */
  async open(session: NewSession): Promise<{ id: string; absoluteExpiresAt: Date; knownDevice: boolean }> {
    const [row] = await queryRows<{ id: string; absolute_expires_at: Date; known_device: boolean }>(
      this.tx.db(),
      `WITH known AS (
         SELECT EXISTS (SELECT 1 FROM identity.admin_sessions WHERE user_id = $1 AND device_hash = $3) AS known_device
       )
       INSERT INTO identity.admin_sessions (user_id, flow, device_hash, user_agent, client_ip, absolute_expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))
       RETURNING id, absolute_expires_at, (SELECT known_device FROM known) AS known_device`,
      [session.userId, session.flow, session.deviceHash, session.userAgent.slice(0, 512), session.clientIp.slice(0, 64), session.absoluteSeconds],
    );
    return { id: row.id, absoluteExpiresAt: new Date(row.absolute_expires_at), knownDevice: row.known_device };
  }

  /**
   * True when the session is the user's, not revoked, used within the last `idleSeconds` and before its
   * absolute end; it then slides (last_seen_at, written at most once a minute). One round trip.
   */
  async touch(sessionId: string, userId: string, idleSeconds: number): Promise<boolean> {
    if (!UUID.test(sessionId)) return false;
    const rows = await queryRows<{ id: string }>(
      this.tx.db(),
      `WITH live AS (
         SELECT id, last_seen_at FROM identity.admin_sessions
          WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL
            AND last_seen_at > now() - make_interval(secs => $3) AND absolute_expires_at > now()
       ), slid AS (
         UPDATE identity.admin_sessions s SET last_seen_at = now()
           FROM live WHERE s.id = live.id AND live.last_seen_at < now() - make_interval(secs => $4)
         RETURNING s.id
       )
       SELECT id FROM live`,
      [sessionId, userId, idleSeconds, SESSION_TOUCH_SECONDS],
    );
    return rows.length > 0;
  }

  /**
   * True when this browser (the hash of its signed device cookie) completed a cookie sign-in to the account before:
   * such a browser is not held by the lock that failures from elsewhere put on the account.
   */
  async signedInBefore(userId: string, deviceHash: string): Promise<boolean> {
    const rows = await queryRows<{ found: number }>(
      this.tx.db(),
      `SELECT 1 AS found FROM identity.admin_sessions WHERE user_id = $1 AND device_hash = $2 AND flow = 'cookie' LIMIT 1`,
      [userId, deviceHash],
    );
    return rows.length > 0;
  }

  /** Ends every session of the user but one (a password change ends the others); answers how many it ended. */
  async revokeOthers(userId: string, keepSessionId: string | null): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.tx.db(),
      `UPDATE identity.admin_sessions SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)
        RETURNING id`,
      [userId, keepSessionId && UUID.test(keepSessionId) ? keepSessionId : null],
    );
    return rows.length;
  }

  /** Ends one session (logout). */
  async revoke(sessionId: string): Promise<void> {
    if (!UUID.test(sessionId)) return;
    await this.tx.db().query(`UPDATE identity.admin_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [sessionId]);
  }

  /** Ends every session of the user (sign out everywhere, password change); answers how many were open. */
  async revokeAllForUser(userId: string): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.tx.db(),
      `UPDATE identity.admin_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`,
      [userId],
    );
    return rows.length;
  }
}

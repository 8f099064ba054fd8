import { randomUUID } from 'node:crypto';
import type { TestStack } from '@shop/server-testing';
import { sign } from 'jsonwebtoken';
import { Client } from 'pg';

/** The issuer and audience the gateway signs into its tokens and requires of every token it checks. */
export const GATEWAY_TOKEN = { issuer: 'island-glow/api-gateway', audience: 'island-glow/admin' } as const;

/** A well-formed token signed with a secret the gateway does not know. */
export function forgedToken(): string {
  return sign({ sub: randomUUID(), username: 'admin', isAdmin: true }, 'not-the-gateway-secret-at-all', { expiresIn: 600 });
}

/** A validly signed token of an account that exists but is not an admin. */
export async function nonAdminToken(stack: TestStack): Promise<string> {
  const db = new Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  try {
    const username = `clerk-${randomUUID().slice(0, 8)}`;
    const { rows } = await db.query(
      `INSERT INTO identity.admin_users (username, password_hash, is_admin) VALUES ($1, 'x', false) RETURNING id`,
      [username],
    );
    const secret = stack.env.JWT_SECRET ?? 'change-me-development-only-secret';
    return sign({ sub: rows[0].id, username, isAdmin: false }, secret, { algorithm: 'HS256', expiresIn: 600, ...GATEWAY_TOKEN });
  } finally {
    await db.end();
  }
}

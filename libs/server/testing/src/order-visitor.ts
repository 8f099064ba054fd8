import { Client } from 'pg';
import type { TestStack } from './test-stack';

/**
 * The visitor who placed an order, read from the database: the payment routes answer only that visitor (issue 23), and
 * the payment helpers of stack-requests.ts play the shopper's own browser. Unknown ids give a made-up visitor (the route answers 404 first).
 */
export async function visitorOf(stack: TestStack, orderId: string): Promise<string> {
  const client = new Client({ connectionString: stack.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ visitor_id: string }>('SELECT visitor_id FROM orders.orders WHERE id::text = $1', [orderId]);
    return rows[0]?.visitor_id ?? 'uid-000000000000';
  } finally {
    await client.end();
  }
}

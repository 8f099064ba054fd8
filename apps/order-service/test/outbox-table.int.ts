import { createTestDatabase, type TestDatabase } from '@shop/server-testing';
import { OUTBOX_KEEP_PUBLISHED_DAYS, OutboxTable, TransactionContext } from '@shop/server-database';
import { DataSource } from 'typeorm';

type NoteEvent = { event: 'note.added'; text: string };

/** The one outbox helper against a throwaway schema shaped like `orders.outbox` and `catalog.outbox`. */
describe('OutboxTable (real Postgres)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let tx: TransactionContext;
  let outbox: OutboxTable<NoteEvent>;

  const rows = (): Promise<Array<{ id: string; published: boolean }>> =>
    dataSource.query('SELECT id::text, published_at IS NOT NULL AS published FROM throwaway.outbox ORDER BY id');

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = await new DataSource({ type: 'postgres', url: db.url, extra: { max: 4 } }).initialize();
    await dataSource.query('CREATE SCHEMA throwaway');
    await dataSource.query(`CREATE TABLE throwaway.outbox (
      id bigserial PRIMARY KEY, event text NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), published_at timestamptz)`);
    await dataSource.query('CREATE INDEX throwaway_outbox_pending_idx ON throwaway.outbox (id) WHERE published_at IS NULL');
    tx = new TransactionContext(dataSource);
    outbox = new OutboxTable<NoteEvent>(tx, 'throwaway.outbox');
  });

  beforeEach(async () => {
    await dataSource.query('TRUNCATE throwaway.outbox');
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('refuses a table name that is not schema-qualified', () => {
    expect(() => new OutboxTable(tx, 'outbox; DROP TABLE x')).toThrow('Not a schema-qualified table name');
    expect(() => new OutboxTable(tx, 'outbox')).toThrow('Not a schema-qualified table name');
  });

  it('appends an event with its envelope inside the caller transaction, and not when that rolls back', async () => {
    await tx.run(() => outbox.append({ event: 'note.added', text: 'kept' }));
    await expect(
      tx.run(async () => {
        await outbox.append({ event: 'note.added', text: 'rolled back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    const stored: Array<{ event: string; payload: NoteEvent & { eventId: string; occurredAt: string } }> = await dataSource.query('SELECT event, payload FROM throwaway.outbox');
    expect(stored).toHaveLength(1);
    expect(stored[0].event).toBe('note.added');
    expect(stored[0].payload).toEqual({ event: 'note.added', text: 'kept', eventId: expect.stringMatching(/^[0-9a-f-]{36}$/), occurredAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(stored[0].payload.occurredAt))).toBe(false);
  });

  it('claims pending rows in id order, skipping those another transaction holds, and marks them published', async () => {
    await tx.run(async () => {
      for (const text of ['a', 'b', 'c']) await outbox.append({ event: 'note.added', text });
    });
    const ids = (await rows()).map((r) => r.id);

    await tx.run(async () => {
      const first = await outbox.claimPending(2);
      expect(first.map((r) => [r.id, (r.payload as NoteEvent).text])).toEqual([
        [ids[0], 'a'],
        [ids[1], 'b'],
      ]);
      // A second relay (another replica) in its own transaction skips the locked rows.
      const other = await tx.outside(() => tx.run(() => outbox.claimPending(10)));
      expect(other.map((r) => r.id)).toEqual([ids[2]]);
      await outbox.markPublished(first.map((r) => r.id));
    });

    expect(await rows()).toEqual([
      { id: ids[0], published: true },
      { id: ids[1], published: true },
      { id: ids[2], published: false },
    ]);
    expect((await tx.run(() => outbox.claimPending(10))).map((r) => r.id)).toEqual([ids[2]]);
  });

  it(`prunes only rows published more than ${OUTBOX_KEEP_PUBLISHED_DAYS} days ago`, async () => {
    await tx.run(async () => {
      for (const text of ['old', 'recent', 'pending']) await outbox.append({ event: 'note.added', text });
    });
    await dataSource.query(`UPDATE throwaway.outbox SET published_at = now() - make_interval(days => $1, hours => 1) WHERE payload->>'text' = 'old'`, [OUTBOX_KEEP_PUBLISHED_DAYS]);
    await dataSource.query(`UPDATE throwaway.outbox SET published_at = now() - make_interval(days => $1, hours => -1) WHERE payload->>'text' = 'recent'`, [
      OUTBOX_KEEP_PUBLISHED_DAYS,
    ]);

    await outbox.prunePublished();

    const left: Array<{ text: string }> = await dataSource.query(`SELECT payload->>'text' AS text FROM throwaway.outbox ORDER BY id`);
    expect(left.map((r) => r.text)).toEqual(['recent', 'pending']);
  });

  it('tells how many rows wait and how old the oldest is, 0 when none waits', async () => {
    expect(await outbox.lag()).toEqual({ seconds: 0, pending: 0 });

    await tx.run(async () => {
      for (const text of ['a', 'b']) await outbox.append({ event: 'note.added', text });
    });
    await dataSource.query(`UPDATE throwaway.outbox SET created_at = now() - interval '1 hour' WHERE payload->>'text' = 'a'`);
    const waiting = await outbox.lag();
    expect(waiting.pending).toBe(2);
    expect(waiting.seconds).toBeGreaterThanOrEqual(3600);

    await outbox.markPublished((await rows()).map((r) => r.id));
    expect(await outbox.lag()).toEqual({ seconds: 0, pending: 0 });
  });
});

import { createTestDatabase, type TestDatabase } from '@shop/server-testing';
import { TransactionContext } from '@shop/server-database';
import { DataSource } from 'typeorm';

/** A repository as the services write them: every query through the context, no EntityManager passed. */
class NotesRepository {
  constructor(private readonly tx: TransactionContext) {}

  async add(text: string): Promise<void> {
    await this.tx.db().query('INSERT INTO tx_notes (text) VALUES ($1)', [text]);
  }

  async all(): Promise<string[]> {
    const rows: Array<{ text: string }> = await this.tx.db().query('SELECT text FROM tx_notes ORDER BY id');
    return rows.map((r) => r.text);
  }

  async backendPid(): Promise<number> {
    const [row] = await this.tx.db().query('SELECT pg_backend_pid() AS pid');
    return row.pid as number;
  }
}

describe('TransactionContext (real Postgres)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let tx: TransactionContext;
  let notes: NotesRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = await new DataSource({ type: 'postgres', url: db.url, extra: { max: 4 } }).initialize();
    await dataSource.query('CREATE TABLE tx_notes (id serial PRIMARY KEY, text text NOT NULL UNIQUE)');
    tx = new TransactionContext(dataSource);
    notes = new NotesRepository(tx);
  });

  beforeEach(async () => {
    await dataSource.query('TRUNCATE tx_notes');
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('commits two repository calls made inside run together', async () => {
    await tx.run(async () => {
      await notes.add('a');
      await notes.add('b');
    });
    expect(await notes.all()).toEqual(['a', 'b']);
  });

  it('rolls back every call made inside run when the work fails', async () => {
    await expect(
      tx.run(async () => {
        await notes.add('a');
        await notes.add('a'); // unique violation
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await notes.all()).toEqual([]);

    await expect(
      tx.run(async () => {
        await notes.add('b');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await notes.all()).toEqual([]);
  });

  it('runs every call inside run on one connection, and a nested run joins it', async () => {
    const pids = await tx.run(async () => {
      const outer = await notes.backendPid();
      const inner = await tx.run(async () => {
        await notes.add('nested');
        return notes.backendPid();
      });
      expect(tx.inTransaction()).toBe(true);
      return [outer, inner, await notes.backendPid()];
    });
    expect(new Set(pids).size).toBe(1);
    expect(await notes.all()).toEqual(['nested']);
  });

  it('a failing nested run rolls back the whole transaction', async () => {
    await expect(
      tx.run(async () => {
        await notes.add('outer');
        await tx.run(async () => {
          throw new Error('inner fails');
        });
      }),
    ).rejects.toThrow('inner fails');
    expect(await notes.all()).toEqual([]);
  });

  it('a call outside run commits on its own and does not see uncommitted work', async () => {
    expect(tx.inTransaction()).toBe(false);
    await notes.add('alone');
    let seenOutside: string[] = [];
    await tx.run(async () => {
      await notes.add('pending');
      seenOutside = await tx.outside(() => notes.all());
      expect(await notes.all()).toEqual(['alone', 'pending']);
    });
    expect(seenOutside).toEqual(['alone']);
    expect(await notes.all()).toEqual(['alone', 'pending']);
  });

  it('keeps concurrent transactions apart', async () => {
    const [a, b] = await Promise.allSettled([
      tx.run(async () => {
        await notes.add('x1');
        await new Promise((r) => setTimeout(r, 50));
        await notes.add('x2');
      }),
      tx.run(async () => {
        await notes.add('y1');
        throw new Error('y fails');
      }),
    ]);
    expect(a.status).toBe('fulfilled');
    expect(b.status).toBe('rejected');
    expect(await notes.all()).toEqual(['x1', 'x2']);
  });

  it('runs a transaction again on a fresh connection when its connection was cut before the commit', async () => {
    const pids: number[] = [];
    await tx.run(async () => {
      pids.push(await notes.backendPid());
      await notes.add(`try ${pids.length}`);
      // The server ends this transaction's connection (as pg_terminate_backend from an operator would).
      if (pids.length === 1) await tx.db().query('SELECT pg_terminate_backend(pg_backend_pid())');
    });
    expect(pids).toHaveLength(2);
    expect(pids[1]).not.toBe(pids[0]);
    // The first try rolled back; only the second one's row is there.
    expect(await notes.all()).toEqual(['try 2']);
  });

  it('does not run again for an error that is not a lost connection, and gives up after three lost connections', async () => {
    let tries = 0;
    await expect(
      tx.run(async () => {
        tries++;
        await notes.add('same');
        await notes.add('same');
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(tries).toBe(1);
    tries = 0;
    await expect(
      tx.run(async () => {
        tries++;
        await tx.db().query('SELECT pg_terminate_backend(pg_backend_pid())');
      }),
    ).rejects.toThrow(/terminating connection/);
    expect(tries).toBe(3);
    expect(await notes.all()).toEqual([]);
  });
});

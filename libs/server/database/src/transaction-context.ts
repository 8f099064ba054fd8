import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isConnectionLost, isReleasedRunner } from './connection-lost';

/** Tries of a transaction whose connection was lost before its commit. */
const RUN_ATTEMPTS = 3;

interface Current {
  dataSource: DataSource;
  em: EntityManager;
}

// One store for the process: every TransactionContext of one DataSource sees the same transaction, whichever
// module's instance opened it.
const storage = new AsyncLocalStorage<Current>();

/**
 * The current transaction, carried by AsyncLocalStorage (in the spirit of Vendure's `TransactionalConnection`):
 * repositories take their queries from `db()`, so every call made inside `run` joins that transaction without
 * an EntityManager being passed by hand, and a call outside runs on its own.
 */
@Injectable()
export class TransactionContext {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Runs `work` in a transaction: the current one when there is one, else a new one committed when `work` resolves.
   * A new transaction whose connection was lost before its commit (a database restart, `pg_terminate_backend`)
   * rolled back, so it runs once more on a fresh connection; one lost during the commit is not repeated (it may
   * have committed) and its error goes up.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.current()) return work();
    for (let attempt = 1; ; attempt++) {
      let reachedCommit = false;
      try {
        return await this.dataSource.transaction(async (em) => {
          const result = await storage.run({ dataSource: this.dataSource, em }, work);
          reachedCommit = true;
          return result;
        });
      } catch (err) {
        // A commit TypeORM refused to send (the connection had already broken) did not happen either.
        const rolledBack = !reachedCommit || isReleasedRunner(err);
        if (!rolledBack || attempt >= RUN_ATTEMPTS || !isConnectionLost(err)) throw err;
      }
    }
  }

  /** Runs `work` outside any current transaction (e.g. a background run started from inside one). */
  outside<T>(work: () => T): T {
    return storage.exit(work);
  }

  /** Where a query goes: the current transaction's EntityManager, or the DataSource's own when there is none. */
  db(): EntityManager {
    return this.current()?.em ?? this.dataSource.manager;
  }

  /** Whether a transaction of this DataSource is open in the current async context. */
  inTransaction(): boolean {
    return this.current() !== undefined;
  }

  private current(): Current | undefined {
    const found = storage.getStore();
    return found && found.dataSource === this.dataSource ? found : undefined;
  }
}

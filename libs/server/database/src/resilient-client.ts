import { Client, type ClientConfig } from 'pg';

/**
 * A pg Client that can never crash the process with an unhandled 'error' event. Postgres ends a connection
 * with an error message ("terminating connection due to administrator command" on `pg_terminate_backend`, a
 * restart, a failover); pg emits it as an 'error' event on the client, and when nobody is listening at that
 * moment (between TypeORM's query runner letting go of the client and the pool taking it back, or on a client
 * no pool owns) Node throws it and the service exits. The pool and TypeORM still see the error through their
 * own listeners and drop the client; a statement sent on it afterwards fails, and that failure is retried
 * (`TransactionContext.run`) or answered 503.
 */
export class ResilientClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@shop/server-testing';

/**
 * The lean start (libs/server/core/src/lean-start.ts), as built: run in a fresh Node process, because what it
 * changes is what a process loads at start. The built apps' integration tests show the rest of the shop works
 * on top of it; this file shows what it trims, and that what it trims still works when it is used.
 */
const WORKSPACE = resolve(__dirname, '../../..');
const LEAN_START = join(WORKSPACE, 'dist/apps/catalog-service/libs/server/core/src/lean-start.js');
const APPS = ['api-gateway', 'catalog-service', 'order-service', 'payment-service', 'notification-service'];
const run = promisify(execFile);

/** Runs a script in a new Node process from the workspace (so it finds node_modules) and parses its JSON line. */
async function inFreshNode(script: string, env: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, ['-e', script], { cwd: WORKSPACE, env: { PATH: process.env.PATH ?? '', ...env } });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as Record<string, unknown>;
}

/** Counts the real Intl.DateTimeFormat objects a process builds, from before anything else loads. */
const COUNT_DATE_FORMATTERS = `
  const RealFormat = Intl.DateTimeFormat;
  let built = 0;
  const Counting = new Proxy(RealFormat, { construct(target, args, newTarget) { built++; return Reflect.construct(target, args, newTarget); } });
  Intl.DateTimeFormat = Counting;
`;

describe('the lean start of the server apps', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    if (!existsSync(LEAN_START)) throw new Error(`${LEAN_START} is missing: build first (npx nx run-many -t build)`);
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('is the first thing every server app loads after reflect-metadata', () => {
    for (const app of APPS) {
      const imports = readFileSync(join(WORKSPACE, 'apps', app, 'src/main.ts'), 'utf8').match(/^import .*$/gm) ?? [];
      expect({ app, first: imports.slice(0, 2) }).toEqual({ app, first: ["import 'reflect-metadata';", "import '@shop/server-core/lean-start';"] });
    }
  });

  it("builds NestJS's console-logger date formatter only when a timestamp is first written, and writes the same date", async () => {
    const out = await inFreshNode(
      `
      ${COUNT_DATE_FORMATTERS}
      require('reflect-metadata');
      require(${JSON.stringify(LEAN_START)});
      const { ConsoleLogger } = require('@nestjs/common');
      const afterLoad = built;
      const restored = Intl.DateTimeFormat === Counting;
      const written = [];
      const write = process.stdout.write;
      process.stdout.write = (chunk) => { written.push(String(chunk)); return true; };
      new ConsoleLogger('Lean', { timestamp: true }).log('hello');
      process.stdout.write = write;
      const afterLog = built;
      const expected = new RealFormat(undefined, { year: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', day: '2-digit', month: '2-digit' }).format(Date.now());
      console.log(JSON.stringify({ afterLoad, afterLog, restored, line: written.join(''), expected }));
    `,
      { NO_COLOR: '1' },
    );
    expect(out).toMatchObject({ afterLoad: 0, afterLog: 1, restored: true });
    // The line carries the date a formatter built at load would have written: same day, same shape of time.
    const [day] = String(out.expected).split(',');
    expect(String(out.line)).toContain(`${day}, `);
    expect(String(out.line)).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    expect(String(out.line)).toContain('[Lean] hello');
  });

  it('hands Intl.DateTimeFormat back: formatters made after the start are real ones', async () => {
    const out = await inFreshNode(`
      require('reflect-metadata');
      require(${JSON.stringify(LEAN_START)});
      const f = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Port_of_Spain', dateStyle: 'medium' });
      console.log(JSON.stringify({ real: f instanceof Intl.DateTimeFormat, text: f.format(new Date('2026-11-24T03:00:00Z')), zone: f.resolvedOptions().timeZone }));
    `);
    expect(out).toEqual({ real: true, text: '23 Nov 2026', zone: 'America/Port_of_Spain' });
  });

  it("loads no TypeORM driver but Postgres's, and Postgres works", async () => {
    const out = await inFreshNode(
      `
      require('reflect-metadata');
      require(${JSON.stringify(LEAN_START)});
      const { DataSource } = require('typeorm');
      const loaded = Object.keys(require.cache).filter((f) => f.includes('/node_modules/typeorm/driver/')).map((f) => f.split('/node_modules/typeorm/driver/')[1]);
      let otherType;
      try { new DataSource({ type: 'mysql', database: 'shop' }); otherType = 'accepted'; } catch (err) { otherType = err.message; }
      const source = new DataSource({ type: 'postgres', url: process.env.DATABASE_URL });
      source.initialize()
        .then(() => source.query("SELECT 40 + 2 AS answer, current_database() AS db"))
        .then(async (rows) => { await source.destroy(); console.log(JSON.stringify({ loaded, otherType, rows })); });
    `,
      { DATABASE_URL: database.url },
    );
    const loaded = out.loaded as string[];
    expect(loaded).toEqual(expect.arrayContaining(['postgres/PostgresDriver.js', 'postgres/PostgresQueryRunner.js']));
    // Each unused driver's file is only a stand-in in the cache: its query runner never loads.
    for (const runner of ['mysql/MysqlQueryRunner.js', 'sqlserver/SqlServerQueryRunner.js', 'oracle/OracleQueryRunner.js', 'sap/SapQueryRunner.js', 'spanner/SpannerQueryRunner.js', 'cockroachdb/CockroachQueryRunner.js', 'mongodb/MongoQueryRunner.js', 'sqlite-abstract/AbstractSqliteQueryRunner.js']) {
      expect(loaded).not.toContain(runner);
    }
    expect(out.otherType).toMatch(/MysqlDriver is not loaded by the shop's servers, which speak only to Postgres/);
    expect(out.rows).toEqual([{ answer: 42, db: new URL(database.url).pathname.slice(1) }]);
  });

  it('loads BullMQ with the first queue, not with the queue library (the apps that run no job never load it)', async () => {
    const queueLib = join(WORKSPACE, 'dist/apps/order-service/libs/server/queue/src/index.js');
    const out = await inFreshNode(`
      require('reflect-metadata');
      require(${JSON.stringify(LEAN_START)});
      const { JobQueues, pingRedis, createRedisConnection } = require(${JSON.stringify(queueLib)});
      const bullmqLoaded = () => Object.keys(require.cache).some((f) => f.includes('/node_modules/bullmq/'));
      const atLoad = bullmqLoaded();
      const redis = createRedisConnection(process.env.REDIS_URL);
      const logger = { warn() {}, info() {}, error() {}, debug() {} };
      const queues = new JobQueues({ redisUrl: process.env.REDIS_URL, prefix: 'lean-' + process.pid, logger });
      (async () => {
        const pong = await pingRedis(redis);
        const beforeQueue = bullmqLoaded();
        const queue = queues.queue('mail');
        const counts = await queues.counts();
        await queues.onApplicationShutdown();
        await redis.quit();
        console.log(JSON.stringify({ atLoad, pong, beforeQueue, afterQueue: bullmqLoaded(), counts }));
      })();
    `, { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
    expect(out).toEqual({
      atLoad: false,
      pong: 'up',
      beforeQueue: false,
      afterQueue: true,
      counts: [{ queue: 'mail', waiting: 0, active: 0, delayed: 0, failed: 0 }],
    });
  });
});

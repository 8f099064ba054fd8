import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type ShopFixture, useShop } from '@shop/server-testing';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/**
 * A NATS server of a test's own (never the machine's shared one): JetStream on, a free port and a store
 * folder of its own, so that the test can stop and start it. close() stops it and removes the folder.
 */
export class OwnNatsServer {
  private child: ChildProcess | null = null;
  private output = '';

  private constructor(
    readonly port: number,
    readonly storeDir: string,
  ) {}

  static async start(): Promise<OwnNatsServer> {
    const server = new OwnNatsServer(await freePort(), mkdtempSync(join(tmpdir(), 'shop-nats-')));
    await server.resume();
    return server;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again) on the same port and store, and waits until it takes connections. */
  async resume(): Promise<void> {
    if (this.child) throw new Error('the NATS server is already running');
    const child = spawn(NATS_SERVER, ['-js', '-a', '127.0.0.1', '-p', String(this.port), '-sd', this.storeDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child = child;
    const deadline = Date.now() + 15_000;
    while (!(await this.accepts())) {
      if (child.exitCode !== null) throw new Error(`nats-server exited with ${child.exitCode}:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`nats-server did not listen on ${this.port}:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stops the server (SIGTERM by default) and waits for it to exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  async close(): Promise<void> {
    await this.stop('SIGKILL');
    rmSync(this.storeDir, { recursive: true, force: true });
  }

  private accepts(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(this.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  }
}

/** A shop (see useShop) on a NATS server of the test file's own: the server starts before the stack and closes after it. */
export function useShopOnOwnNats(env: Record<string, string>): ShopFixture & { readonly nats: OwnNatsServer } {
  let nats: OwnNatsServer | undefined;
  const started = (): OwnNatsServer => {
    if (!nats) throw new Error('the NATS server of this test file has not started');
    return nats;
  };
  beforeAll(async () => {
    nats = await OwnNatsServer.start();
  });
  const shop = useShop(() => ({ env: { NATS_URL: started().url, ...env } }));
  afterAll(async () => {
    await nats?.close();
  });
  return Object.defineProperty(shop, 'nats', { get: started }) as ShopFixture & { readonly nats: OwnNatsServer };
}

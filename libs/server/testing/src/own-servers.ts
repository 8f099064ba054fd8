import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptsConnections } from '../../../../scripts/lib/ports.mjs';
import { freePort } from './test-stack';

const START_TIMEOUT_MS = 15_000;

/**
 * A server process of a test's own (never the machine's shared one): started on a free port with a store
 * folder of its own, restartable on the same port, and removed with its folder on stop().
 */
abstract class OwnServer {
  protected child: ChildProcess | null = null;
  protected readonly dir: string;
  output = '';

  protected constructor(
    readonly port: number,
    name: string,
  ) {
    this.dir = mkdtempSync(join(tmpdir(), `shop-${name}-`));
  }

  protected abstract command(): { bin: string; args: string[] };

  /** Extra arguments and environment of the process (e.g. the shop's users and their passwords). */
  protected extraArgs: string[] = [];
  protected extraEnv: Record<string, string> = {};

  /** Starts the process and waits until its port accepts connections. */
  async start(): Promise<void> {
    const { bin, args } = this.command();
    const child = spawn(bin, [...args, ...this.extraArgs], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...this.extraEnv } });
    this.child = child;
    child.stdout?.on('data', (c: Buffer) => (this.output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (this.output += c.toString()));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await acceptsConnections(this.port))) {
      if (child.exitCode !== null) throw new Error(`${bin} exited with ${child.exitCode}:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`${bin} did not start on port ${this.port}:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stops the process (SIGTERM, or SIGKILL to lose what it did not save) and waits for it to exit. */
  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }

  /** Stops the server and removes its store folder. */
  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A `redis-server` of the test's own that keeps nothing on disk: a restart comes back empty. */
export class OwnRedisServer extends OwnServer {
  private constructor(port: number) {
    super(port, 'redis');
  }

  /** `args`: more configuration directives, e.g. `--user` rules (the shop's ACL users, see redis-users.ts). */
  static async start(options: { args?: string[] } = {}): Promise<OwnRedisServer> {
    const server = new OwnRedisServer(await freePort());
    server.extraArgs = options.args ?? [];
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  protected command() {
    return { bin: 'redis-server', args: ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir] };
  }

  /** Stopped and started again on the same port, with every key gone. */
  async restartEmpty(): Promise<void> {
    await this.kill('SIGKILL');
    await this.start();
  }
}

/** A `nats-server -js` of the test's own, its JetStream store in its own folder (kept across restarts). */
export class OwnNatsServer extends OwnServer {
  private constructor(port: number) {
    super(port, 'nats');
  }

  /** `configFile`: a nats-server configuration (e.g. the shop's users), its variables taken from `env`. */
  static async start(options: { configFile?: string; env?: Record<string, string> } = {}): Promise<OwnNatsServer> {
    const server = new OwnNatsServer(await freePort());
    if (options.configFile) server.extraArgs = ['-c', options.configFile];
    server.extraEnv = options.env ?? {};
    await server.start();
    return server;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  protected command() {
    return { bin: process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server', args: ['-js', '-a', '127.0.0.1', '-p', String(this.port), '-sd', this.dir] };
  }
}

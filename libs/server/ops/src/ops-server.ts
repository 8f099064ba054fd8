import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UpDown } from '@shop/contracts';
import type { Logger } from 'pino';
import { METRICS } from './metric-catalog';
import type { Metrics } from './metrics';

/** One dependency's reachability, answered within about a second. */
export type DependencyCheck = () => Promise<UpDown>;

/** What /readyz answers: 200 with `status: 'ready'`, or 503 with `failed` naming each reason. */
export interface Readiness {
  status: 'ready' | 'not ready';
  /** Why not: 'starting', 'draining', or each dependency that is down. */
  failed: string[];
  checks: Record<string, UpDown>;
}

/**
 * The small HTTP server of a server app's operations port (OPS_PORT), apart from the public port:
 * `GET /livez` answers 200 while the event loop runs; `GET /readyz` answers 200 when every dependency check
 * passes and the process is not draining (503 with the reasons otherwise); `GET /metrics` is the Prometheus
 * text. It starts before the app (live, not ready: 'starting') and stays up through the drain, so that
 * an orchestrator sees readiness go off while liveness stays on.
 */
export class OpsServer {
  private checks: Record<string, DependencyCheck> | null = null;
  private metrics: Metrics | null = null;
  private draining = false;
  private running: Promise<Readiness> | null = null;
  private readonly routes = new Map<string, () => Promise<{ status: number; body: unknown }>>();

  private constructor(
    private readonly server: Server,
    private readonly logger: Logger,
  ) {}

  /** Listens on the port (on every interface: the kubelet probes the pod's address); 0 takes a free one. */
  static async start(port: number, logger: Logger): Promise<OpsServer> {
    const server = createServer();
    // Probes and scrapes open a connection each; nothing here is worth keeping a socket open for.
    server.keepAliveTimeout = 1000;
    const ops = new OpsServer(server, logger);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void ops.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) =>
        reject(err.code === 'EADDRINUSE' ? new Error(`OPS_PORT ${port} is in use: choose another port for this app's probes and metrics`) : err),
      );
      server.listen(port, () => resolve());
    });
    logger.info({ port: ops.port }, 'ops server listening (/livez, /readyz, /metrics)');
    return ops;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Hands over the app's metrics and dependency checks once it has started: readiness then follows the checks. */
  attach(metrics: Metrics, checks: Record<string, DependencyCheck>): void {
    this.metrics = metrics;
    this.checks = checks;
    metrics.collectedGauge(METRICS.ready, async (gauge) => {
      gauge.set((await this.readiness()).status === 'ready' ? 1 : 0);
    });
    metrics.collectedGauge(METRICS.dependencyUp, async (gauge) => {
      const { checks } = await this.readiness();
      gauge.reset();
      for (const [dependency, state] of Object.entries(checks)) gauge.set({ dependency }, state === 'up' ? 1 : 0);
    });
  }

  /** Adds a GET route of the app's own (the gateway's detailed health at /health), for operators only. */
  route(path: string, answer: () => Promise<{ status: number; body: unknown }>): void {
    this.routes.set(path, answer);
  }

  /** Turns readiness off for good (SIGTERM): from now on /readyz answers 503 'draining'. */
  drain(): void {
    if (this.draining) return;
    this.draining = true;
    this.logger.info('readiness off: draining');
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * Runs every check (in parallel) unless starting or draining, and says whether the process takes traffic.
   * Callers that ask while a check runs share its answer (a scrape asks twice, probes may overlap).
   */
  readiness(): Promise<Readiness> {
    if (this.draining) return Promise.resolve({ status: 'not ready', failed: ['draining'], checks: {} });
    if (!this.checks) return Promise.resolve({ status: 'not ready', failed: ['starting'], checks: {} });
    this.running ??= this.check(this.checks).finally(() => (this.running = null));
    return this.running;
  }

  private async check(dependencies: Record<string, DependencyCheck>): Promise<Readiness> {
    const names = Object.keys(dependencies);
    const states = await Promise.all(names.map((name) => dependencies[name]().catch((): UpDown => 'down')));
    const checks = Object.fromEntries(names.map((name, i) => [name, states[i]]));
    const failed = names.filter((_, i) => states[i] !== 'up');
    // Checked again after the awaits: a SIGTERM meanwhile wins.
    if (this.draining) failed.unshift('draining');
    return { status: failed.length === 0 ? 'ready' : 'not ready', failed, checks };
  }

  /** Stops listening and ends the connections still open. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { message: 'Only GET' });
      if (path === '/livez') return send(res, 200, { status: 'alive' });
      if (path === '/readyz') {
        const readiness = await this.readiness();
        return send(res, readiness.status === 'ready' ? 200 : 503, readiness);
      }
      if (path === '/metrics') {
        if (!this.metrics) return send(res, 503, { message: 'Starting: no metrics yet' });
        const { contentType, body } = await this.metrics.exposition();
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        return void res.end(req.method === 'HEAD' ? undefined : body);
      }
      const route = this.routes.get(path);
      if (route) {
        const { status, body } = await route();
        return send(res, status, body);
      }
      send(res, 404, { message: 'Not found: /livez, /readyz or /metrics' });
    } catch (err) {
      this.logger.error({ err, path }, 'ops request failed');
      if (!res.headersSent) send(res, 500, { message: 'Internal server error' });
      else res.destroy();
    }
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

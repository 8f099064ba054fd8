import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type PaymentConfig } from '@shop/server-config';
import { LOGGER } from '@shop/server-ops';
import type { Logger } from 'pino';
import { SANDBOX_LOOKUP_PATH } from '../providers/sandbox.provider';
import { APPROVE_CARD, DECLINE_CARD, redirectUrl, renderSandboxPage, resultParams, type SandboxSession } from './sandbox-page';
import { SandboxSessionsRepository } from './sandbox-sessions.repository';

const MAX_BODY = 10 * 1024;
const PATH = /^\/pay\/([A-Za-z0-9_-]{1,120})$/;

/** The sandbox provider's hosted page, on its own port (a plain node http server in the payment service). */
@Injectable()
export class SandboxPageServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;

  constructor(
    private readonly sessions: SandboxSessionsRepository,
    @Inject(APP_CONFIG) private readonly config: PaymentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.PAYMENT_PROVIDER !== 'sandbox') return;
    const server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        this.logger.error({ err }, 'sandbox page failed');
        if (!res.headersSent) send(res, 500, 'text/plain', 'Internal server error');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.PAYMENT_SANDBOX_PORT, () => resolve());
    });
    this.server = server;
    this.logger.info({ port: this.config.PAYMENT_SANDBOX_PORT }, 'sandbox payment page listening');
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    if (path === SANDBOX_LOOKUP_PATH && req.method === 'POST') return this.lookUp(req, res);
    const match = PATH.exec(path);
    if (!match) return send(res, 404, 'text/plain', 'Not found');
    const session = await this.sessions.find(match[1]);
    if (!session) return send(res, 404, 'text/plain', 'This payment session does not exist');
    if (req.method === 'GET') return send(res, 200, 'text/html; charset=utf-8', renderSandboxPage(this.config.PAYMENT_SHOP_NAME, session));
    if (req.method !== 'POST') return send(res, 405, 'text/plain', 'Method not allowed');

    const form = new URLSearchParams(await readBody(req));
    const action = form.get('action');
    const card = (form.get('card') ?? '').replace(/\D/g, '');
    let decision: 'approved' | 'declined' | null = null;
    if (action === 'approve') decision = 'approved';
    else if (action === 'decline') decision = 'declined';
    else if (action === 'card' && card === APPROVE_CARD) decision = 'approved';
    else if (action === 'card' && card === DECLINE_CARD) decision = 'declined';
    else if (action === 'card' && session.status === 'open') {
      return send(res, 400, 'text/html; charset=utf-8', renderSandboxPage(this.config.PAYMENT_SHOP_NAME, session, 'Use one of the test cards below.'));
    }

    let decided = session;
    if (decision && session.status === 'open') {
      // The first decision wins; a second post just redirects with it again.
      const row = await this.sessions.decide(session.transaction_id, decision, card || (decision === 'approved' ? APPROVE_CARD : DECLINE_CARD));
      decided = row ?? ((await this.sessions.find(session.transaction_id)) as SandboxSession);
    }
    if (decided.status === 'open') return send(res, 400, 'text/html; charset=utf-8', renderSandboxPage(this.config.PAYMENT_SHOP_NAME, decided, 'Choose Approve or Decline.'));
    res.writeHead(303, { location: redirectUrl(decided, this.config.WIPAY_API_KEY), 'cache-control': 'no-store' });
    res.end();
  }

  /**
   * Issue 29: WiPay's status look-up by order reference, as the shop assumes it (transaction-lookup.ts): a decided
   * session answers the redirect's fields, an open one `pending`, an unknown reference or account 404.
   */
  private async lookUp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const session = form.get('account_number') === this.config.WIPAY_ACCOUNT_NUMBER ? await this.sessions.findByReference(form.get('order_id') ?? '') : null;
    if (!session) return send(res, 404, 'application/json', JSON.stringify({ message: 'No transaction for this order reference' }));
    const answer = session.status === 'open' ? { status: 'pending', order_id: session.reference } : Object.fromEntries(resultParams(session, this.config.WIPAY_API_KEY));
    send(res, 200, 'application/json', JSON.stringify(answer));
  }
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) break;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

import { ClientNats, NatsRecordBuilder, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import {
  DomainError,
  ErrorCode,
  HEALTH_PATTERNS,
  INTERNAL_ERROR_MESSAGE,
  isRpcErrorPayload,
  type Pattern,
  REQUEST_ID_HEADER,
  type RequestOf,
  type ResponseOf,
} from '@shop/contracts';
import { headers as natsHeaders, type NatsConnection } from 'nats';
import { currentRequestId } from './request-context';
import { filter, firstValueFrom, map, type Observable, race, Subject, switchMap, timeout, TimeoutError, timer } from 'rxjs';

export interface SendOptions {
  timeoutMs?: number;
}

/**
 * Why a call could not be answered: NATS was away when it was sent ('disconnected'), the connection
 * dropped while it waited ('connection-lost'), no replica was subscribed ('no-responders'), the replicas
 * went away while it waited ('service-gone'), or no answer came in time ('timeout'). Logged, never shown.
 */
export type UnavailableReason = 'disconnected' | 'connection-lost' | 'no-responders' | 'service-gone' | 'timeout';

/** Thrown when a service does not answer in time or NATS cannot be reached. */
export class ServiceUnavailableError extends DomainError {
  constructor(
    readonly target: string,
    readonly reason: UnavailableReason = 'disconnected',
  ) {
    super(ErrorCode.Unavailable, 'Service temporarily unavailable, please try again shortly');
  }
}

/** How long a call waits before it starts asking whether its service still has a replica, and how often. */
export const OWNER_PROBE_AFTER_MS = 1000;
const OWNER_PROBE_EVERY_MS = 1000;
/** One probe per service at a time: its answer is shared by every call waiting on that service. */
const PROBE_TIMEOUT_MS = 1000;

type ConnectionState = 'unknown' | 'connected' | 'disconnected' | 'reconnecting' | 'closed';

/** No replica of the service was subscribed: NATS answered the request at once with an empty "no responders" reply. */
export class NoRespondersError extends Error {
  constructor(readonly subject: string) {
    super(`No service subscribed to ${subject}`);
    this.name = 'NoRespondersError';
  }
}

/**
 * Nest's NATS client, telling "no responders" apart: NATS answers a request nobody subscribes to with an empty
 * message, which Nest's reply handler would report as a generic empty response.
 */
class ShopNatsClient extends ClientNats {
  override createSubscriptionHandler(packet: ReadPacket & { id: string }, callback: (packet: WritePacket) => unknown) {
    const handle = super.createSubscriptionHandler(packet, callback);
    return async (error: string | Error | undefined, natsMsg: { data?: Uint8Array }) => {
      if (!error && natsMsg?.data?.length === 0) return callback({ err: new NoRespondersError(String(packet.pattern)), isDisposed: true });
      return handle(error, natsMsg);
    };
  }
}

/**
 * Typed request/reply over NATS: every call carries a timeout and the id of the request it serves (from the
 * request context, when there is one), and every failure
 * comes back as a DomainError (unknown ones as INTERNAL). Calls fail fast with 503 (UNAVAILABLE) when
 * they cannot be answered: at once while NATS is disconnected, as soon as the connection drops for the
 * calls in flight (their answers are lost with it), and within about a second when the service they
 * wait on has no replica left (NATS answers "no responders" to a probe of its health pattern).
 */
export class ServiceClient {
  private readonly client: ClientNats;
  private state: ConnectionState = 'unknown';
  private readonly lost = new Subject<void>();
  private readonly probes = new Map<string, Promise<boolean>>();

  constructor(
    natsUrl: string,
    private readonly defaultTimeoutMs: number,
    private readonly subjectPrefix = '',
    credentials: { user?: string; pass?: string } = {},
  ) {
    // Pings every 5 s notice a server that went silent without closing the socket within about 10 s.
    this.client = new ShopNatsClient({ servers: [natsUrl], ...credentials, maxReconnectAttempts: -1, reconnectTimeWait: 500, pingInterval: 5000, maxPingOut: 2 });
    this.client.status.subscribe((status) => {
      this.state = status as ConnectionState;
      if (this.state === 'disconnected') this.lost.next();
    });
  }

  /** The NATS connection as last reported: 'connected', 'disconnected', 'reconnecting' (or 'unknown' before the first connect). */
  get connectionState(): ConnectionState {
    return this.state;
  }

  async send<P extends Pattern>(pattern: P, payload: RequestOf<P>, options: SendOptions = {}): Promise<ResponseOf<P>> {
    // While NATS is away a request could only wait in the client's buffer for its timeout.
    if (this.state === 'disconnected' || this.state === 'reconnecting') throw new ServiceUnavailableError(pattern, 'disconnected');
    const hdrs = natsHeaders();
    const requestId = currentRequestId();
    if (requestId) hdrs.set(REQUEST_ID_HEADER, requestId);
    const record = new NatsRecordBuilder(payload).setHeaders(hdrs).build();
    const call$ = this.client.send<ResponseOf<P>>(this.subjectPrefix + pattern, record);
    try {
      return await firstValueFrom(race(call$, this.connectionLost(pattern), this.ownerGone(pattern)).pipe(timeout(options.timeoutMs ?? this.defaultTimeoutMs)));
    } catch (err) {
      throw toDomainError(err, pattern, this.state);
    }
  }

  /** 'up' when the NATS server answers a flush within the time given. */
  async ping(timeoutMs = 1000): Promise<'up' | 'down'> {
    try {
      await Promise.race([
        (async () => {
          await this.client.connect();
          await this.client.unwrap<NatsConnection>().flush();
        })(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs)),
      ]);
      return 'up';
    } catch {
      return 'down';
    }
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** Errors when the connection drops: a reply to a request sent before cannot arrive any more. */
  private connectionLost(pattern: string): Observable<never> {
    return this.lost.pipe(
      map(() => {
        throw new ServiceUnavailableError(pattern, 'connection-lost');
      }),
    );
  }

  /** Errors when the service owning the pattern has no replica subscribed any more (it died with the call). */
  private ownerGone(pattern: string): Observable<never> {
    const health = healthPatternOf(pattern);
    if (!health || health === pattern) return new Subject<never>();
    return timer(OWNER_PROBE_AFTER_MS, OWNER_PROBE_EVERY_MS).pipe(
      switchMap(() => this.hasResponders(health)),
      filter((alive) => !alive),
      map(() => {
        throw new ServiceUnavailableError(pattern, 'service-gone');
      }),
    );
  }

  /** False only when NATS says no one subscribes to the health pattern; any other outcome counts as alive. */
  private hasResponders(health: string): Promise<boolean> {
    const running = this.probes.get(health);
    if (running) return running;
    const probe = (async () => {
      try {
        await firstValueFrom(this.client.send(this.subjectPrefix + health, {}).pipe(timeout(PROBE_TIMEOUT_MS)));
        return true;
      } catch (err) {
        return !(err instanceof NoRespondersError);
      }
    })().finally(() => this.probes.delete(health));
    this.probes.set(health, probe);
    return probe;
  }
}

/** The health pattern of the service that owns a pattern: the first dotted part names the service. */
export function healthPatternOf(pattern: string): string | undefined {
  const owner = pattern.split('.')[0] as keyof typeof HEALTH_PATTERNS;
  return Object.prototype.hasOwnProperty.call(HEALTH_PATTERNS, owner) ? HEALTH_PATTERNS[owner] : undefined;
}

/** Maps whatever a call rejected with to a DomainError; `state` is the NATS connection state at the time. */
export function toDomainError(err: unknown, pattern: string, state: ConnectionState = 'connected'): DomainError {
  if (err instanceof DomainError) return err;
  if (isRpcErrorPayload(err)) return new DomainError(err.code, err.message);
  // No replica subscribed (NATS answers 'no responders' at once) or none answered in time.
  if (err instanceof TimeoutError) return new ServiceUnavailableError(pattern, 'timeout');
  if (err instanceof NoRespondersError) return new ServiceUnavailableError(pattern, 'no-responders');
  // Connection failures (NATS down, no route) surface as plain errors with a nats code.
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /CONNECTION|TIMEOUT|DISCONNECT|NO_RESPONDERS|503|ECONNREFUSED/i.test(code)) {
    return new ServiceUnavailableError(pattern, /TIMEOUT/i.test(code) ? 'timeout' : /503|NO_RESPONDERS/i.test(code) ? 'no-responders' : 'disconnected');
  }
  // Nest's NATS client rejects with a plain string ("Error: Connection lost. Trying to reconnect...")
  // while it reconnects; anything else that fails while the connection is down is the same outage.
  const text = typeof err === 'string' ? err : err instanceof Error ? err.message : '';
  if (/connection (lost|closed|refused)|reconnect|disconnect/i.test(text) || (state !== 'connected' && state !== 'unknown')) {
    return new ServiceUnavailableError(pattern, 'disconnected');
  }
  const wrapped = new DomainError(ErrorCode.Internal, INTERNAL_ERROR_MESSAGE);
  (wrapped as { cause?: unknown }).cause = err;
  return wrapped;
}

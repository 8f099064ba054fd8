import { ClientNats, NatsRecordBuilder } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import {
  DomainError,
  ErrorCode,
  INTERNAL_ERROR_MESSAGE,
  isRpcErrorPayload,
  type Pattern,
  REQUEST_ID_HEADER,
  type RequestOf,
  type ResponseOf,
} from '@shop/contracts';
import { headers as natsHeaders, type NatsConnection } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';

export interface SendOptions {
  requestId?: string;
  timeoutMs?: number;
}

/** Thrown when a service does not answer in time or NATS cannot be reached. */
export class ServiceUnavailableError extends DomainError {
  constructor(readonly target: string) {
    super(ErrorCode.Unavailable, 'Service temporarily unavailable, please try again shortly');
  }
}

/**
 * Typed request/reply over NATS: every call carries a timeout and the request id, and every failure
 * comes back as a DomainError (unknown ones as INTERNAL).
 */
export class ServiceClient {
  private readonly client: ClientNats;

  constructor(
    natsUrl: string,
    private readonly defaultTimeoutMs: number,
    private readonly subjectPrefix = '',
  ) {
    this.client = new ClientNats({ servers: [natsUrl], maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  }

  async send<P extends Pattern>(pattern: P, payload: RequestOf<P>, options: SendOptions = {}): Promise<ResponseOf<P>> {
    const hdrs = natsHeaders();
    if (options.requestId) hdrs.set(REQUEST_ID_HEADER, options.requestId);
    const record = new NatsRecordBuilder(payload).setHeaders(hdrs).build();
    try {
      return await firstValueFrom(
        this.client.send<ResponseOf<P>>(this.subjectPrefix + pattern, record).pipe(timeout(options.timeoutMs ?? this.defaultTimeoutMs)),
      );
    } catch (err) {
      throw toDomainError(err, pattern);
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
}

function toDomainError(err: unknown, pattern: string): DomainError {
  if (err instanceof DomainError) return err;
  if (isRpcErrorPayload(err)) return new DomainError(err.code, err.message);
  // No replica subscribed (NATS answers 'no responders' at once) or none answered in time.
  if (err instanceof TimeoutError || err instanceof EmptyResponseException) return new ServiceUnavailableError(pattern);
  // Connection failures (NATS down, no route) surface as plain errors with a nats code.
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /CONNECTION|TIMEOUT|DISCONNECT|NO_RESPONDERS|503|ECONNREFUSED/i.test(code)) {
    return new ServiceUnavailableError(pattern);
  }
  const wrapped = new DomainError(ErrorCode.Internal, INTERNAL_ERROR_MESSAGE);
  (wrapped as { cause?: unknown }).cause = err;
  return wrapped;
}


import { applyDecorators, type ArgumentMetadata, type PipeTransform, SetMetadata, UsePipes } from '@nestjs/common';
import { EventPattern, MessagePattern } from '@nestjs/microservices';
import {
  type EventPayload,
  EventSchemas,
  type OrderEvent,
  type Pattern,
  type PatternRequest,
  PatternSchemas,
  type ResponseOf,
  validate,
  ValidationError,
} from '@shop/contracts';
import type { z } from 'zod';

/** An event that does not match its contract: logged and dropped where it arrives, never half-handled. */
export class InvalidEventError extends ValidationError {
  constructor(
    readonly event: string,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

/**
 * Validates a handler's whole payload (`@Payload()`) with a contract schema and hands on the parsed value; the
 * context and any other parameter pass untouched. A payload that fails answers 400 with the first issue's message.
 */
export class ContractPipe implements PipeTransform {
  constructor(
    private readonly schema: z.ZodType,
    private readonly event?: string,
  ) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    // Nest reports an RPC payload (`@Payload()`) to pipes as 'body' (the same enum value); the context is 'custom'.
    if (metadata.type !== 'body' || metadata.data !== undefined) return value;
    if (this.event === undefined) return validate(this.schema, value);
    const result = this.schema.safeParse(value);
    if (!result.success) throw new InvalidEventError(this.event, result.error.issues[0]?.message ?? 'Invalid event');
    return result.data;
  }
}

type Equals<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;

/**
 * Accepts a handler that takes no payload, or whose first parameter is exactly the contract's type (so neither
 * `unknown` nor a hand-written look-alike); anything else is a compile error naming the type expected.
 */
type PayloadIs<T, Expected> = T extends () => unknown
  ? unknown
  : T extends (payload: infer A, ...rest: never[]) => unknown
    ? Equals<A, Expected> extends true
      ? unknown
      : { 'the payload parameter must be typed': Expected }
    : never;

type MethodDecoratorFor<Result, Expected> = <T extends (...args: never[]) => Result>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<T> & PayloadIs<T, Expected>,
) => void;

function schemaFor(pattern: Pattern): z.ZodType {
  const schema = (PatternSchemas as Record<string, z.ZodType | undefined>)[pattern];
  // Reached only when the types were bypassed: refuse to start rather than answer unvalidated.
  if (!schema) throw new Error(`No contract schema for message pattern '${pattern}'`);
  return schema;
}

/** The metadata key under which a handler records its pattern and kind (read by the metrics of RpcLoggingInterceptor). */
export const HANDLED_AS = 'shop:handled-as';
export interface HandledAs {
  pattern: string;
  kind: 'request' | 'event';
}

/** Records a handler's pattern and kind for the metrics; `Handles` and `HandlesEvent` apply it themselves. */
export const HandledAs = (pattern: string, kind: HandledAs['kind']) => SetMetadata(HANDLED_AS, { pattern, kind } satisfies HandledAs);

/**
 * `@MessagePattern(pattern)` whose payload is validated with the pattern's contract schema before the handler
 * runs. The handler takes `@Payload() payload: PatternRequest<typeof Pattern.X>` first (or nothing; `@Ctx()` may
 * follow) and answers `ResponseOf<typeof Pattern.X>`; both are checked at compile time.
 */
export function Handles<P extends Pattern>(pattern: P): MethodDecoratorFor<ResponseOf<P> | Promise<ResponseOf<P>>, PatternRequest<P>> {
  const decorate = applyDecorators(MessagePattern(pattern), HandledAs(pattern, 'request'), UsePipes(new ContractPipe(schemaFor(pattern))));
  return (target, key, descriptor) => decorate(target, key, descriptor);
}

/**
 * `@EventPattern(event)` whose payload is validated with the event's contract schema. An event that does not
 * match is logged and dropped (`InvalidEventError`); the handler takes `EventPayload<typeof OrderEvent.X>`.
 */
export function HandlesEvent<E extends OrderEvent>(event: E): MethodDecoratorFor<void | Promise<void>, EventPayload<E>> {
  const schema = (EventSchemas as Record<string, z.ZodType | undefined>)[event];
  if (!schema) throw new Error(`No contract schema for event '${event}'`);
  const decorate = applyDecorators(EventPattern(event), HandledAs(event, 'event'), UsePipes(new ContractPipe(schema, event)));
  return (target, key, descriptor) => decorate(target, key, descriptor);
}

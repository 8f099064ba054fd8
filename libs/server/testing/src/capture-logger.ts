import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

export interface CapturedLogger {
  logger: Logger;
  /** Every log line written so far, parsed. */
  lines(): Array<Record<string, unknown>>;
}

/** A real pino logger whose JSON lines are kept in memory, so tests can read what was logged. */
export function captureLogger(name = 'test'): CapturedLogger {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino({ name, level: 'info' }, stream);
  return {
    logger,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

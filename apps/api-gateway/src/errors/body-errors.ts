import { HttpStatus } from '@nestjs/common';

/** What body-parser (Express's JSON and form parsers) attaches to the errors it raises. */
interface BodyParserError {
  type: string;
  status?: number;
  statusCode?: number;
  limit?: number;
}

function isBodyParserError(err: unknown): err is BodyParserError {
  const e = err as Partial<BodyParserError> | null;
  return typeof e === 'object' && e !== null && typeof e.type === 'string' && typeof (e.status ?? e.statusCode) === 'number';
}

/**
 * The answer to a body the parsers could not read: 413 over the size limit, 415 for an encoding or
 * charset they do not speak, 400 for anything else unreadable (bad JSON, a truncated body). Answers
 * undefined for errors that did not come from body parsing. The shopper or client sent it, so it is
 * never a 5xx.
 */
export function describeBodyError(err: unknown): { status: number; message: string } | undefined {
  if (!isBodyParserError(err)) return undefined;
  switch (err.type) {
    case 'entity.too.large':
      return { status: HttpStatus.PAYLOAD_TOO_LARGE, message: `The request body is too large (at most ${formatLimit(err.limit)} is accepted)` };
    case 'entity.parse.failed':
      return { status: HttpStatus.BAD_REQUEST, message: 'The request body is not valid JSON' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: HttpStatus.UNSUPPORTED_MEDIA_TYPE, message: 'The request body has an encoding or charset that is not supported' };
    case 'parameters.too.many':
      return { status: HttpStatus.PAYLOAD_TOO_LARGE, message: 'The request body has too many fields' };
    default: {
      const status = err.status ?? err.statusCode ?? HttpStatus.BAD_REQUEST;
      // request.aborted, request.size.invalid...: the body did not arrive whole.
      return { status: status >= 400 && status < 500 ? status : HttpStatus.BAD_REQUEST, message: 'The request body could not be read' };
    }
  }
}

function formatLimit(bytes: number | undefined): string {
  if (!bytes) return 'the configured limit';
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

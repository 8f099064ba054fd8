import { applyDecorators, HttpCode } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, type SchemaObject } from '@nestjs/swagger';
import { ApiErrors, type ErrorAnswers } from '../http/api-errors.decorator';
import { AdminOnly } from './admin-only.decorator';

/** An owner's action on one record (archive, restore, cancel...): admin only, answering 200 with `answer`, or the errors named. */
export function AdminAction(summary: string, answer: SchemaObject, errors: ErrorAnswers): MethodDecorator {
  return applyDecorators(HttpCode(200), AdminOnly(), ApiOperation({ summary }), ApiOkResponse({ schema: answer }), ApiErrors(errors));
}

import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/** The id the request-id middleware gave this request. */
export const RequestId = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => {
  return ctx.switchToHttp().getRequest<{ id?: string }>().id;
});

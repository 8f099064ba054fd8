import { Body, type PipeTransform } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { validate } from '@shop/contracts';
import type { z } from 'zod';
import { schemaOf } from './openapi';

/** Parses an HTTP body with a zod schema: the first problem is a 400 with its message (as the contracts' `validate`). */
export class ZodBodyPipe implements PipeTransform {
  constructor(
    private readonly schema: z.ZodType,
    private readonly required: boolean,
  ) {}

  transform(value: unknown): unknown {
    // An optional body that was not sent is read as an empty one.
    return validate(this.schema, this.required ? value : (value ?? {}));
  }
}

/**
 * The request body, validated with `schema` before the handler runs and documented in OpenAPI from the same
 * schema. Type the parameter `z.output<typeof schema>`. `required: false` takes a missing body as `{}`.
 */
export function ZodBody(schema: z.ZodType, options: { required?: boolean } = {}): ParameterDecorator {
  const required = options.required ?? true;
  return (target, key, index) => {
    Body(new ZodBodyPipe(schema, required))(target, key, index);
    // Parameter decorators run before the method's own: the method's descriptor is already there to document.
    const descriptor = Object.getOwnPropertyDescriptor(target, key!)!;
    ApiBody({ schema: schemaOf(schema), required })(target, key!, descriptor);
  };
}

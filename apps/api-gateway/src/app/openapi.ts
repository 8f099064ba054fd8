import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { z } from 'zod';

/** The OpenAPI schema of a contract's zod schema, so that the docs and the validation never drift. */
export function schemaOf(schema: z.ZodType): SchemaObject {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any' }) as Record<string, unknown>;
  return json as SchemaObject;
}

/** Every error answer's shape. */
export const errorSchema: SchemaObject = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
};

/** Serves the OpenAPI document and its UI at /api/docs. */
export function setupOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Shop API')
    .setDescription('Hair and beauty shop (Trinidad and Tobago, TTD). Every error answers `{ "message": string }`.')
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
}

import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import {
  NotificationPageSchema,
  NotificationSchema,
  OrderPageSchema,
  OrderQuoteSchema,
  OrderSchema,
  ProductPageSchema,
  ProductSchema,
  ProductSummarySchema,
  ReviewSchema,
  SiteSettingsSchema,
  UploadedImageSchema,
} from '@shop/contracts';
import { z } from 'zod';

/**
 * The contract schemas the OpenAPI document names as components (`#/components/schemas/<name>`). Every
 * schema documented with `schemaOf` refers to these wherever it contains one, so each is written once.
 */
const components = z.registry<{ id: string }>();
const COMPONENTS: Record<string, z.ZodType> = {
  Order: OrderSchema,
  OrderQuote: OrderQuoteSchema,
  OrderPage: OrderPageSchema,
  Review: ReviewSchema,
  ProductSummary: ProductSummarySchema,
  Product: ProductSchema,
  ProductPage: ProductPageSchema,
  SiteSettings: SiteSettingsSchema,
  Notification: NotificationSchema,
  NotificationPage: NotificationPageSchema,
  UploadedImage: UploadedImageSchema,
};
for (const [id, schema] of Object.entries(COMPONENTS)) components.add(schema, { id });

const OPTIONS = { target: 'openapi-3.0', unrepresentable: 'any', metadata: components } as const;

// zod names what it extracted `#/definitions/<id>`; in the document they are components.
function asComponents<T>(json: T): T {
  return JSON.parse(JSON.stringify(json).replaceAll('"#/definitions/', '"#/components/schemas/')) as T;
}

/** The OpenAPI schema of a contract's zod schema, so that the docs and the validation never drift. */
export function schemaOf(schema: z.ZodType): SchemaObject {
  const { $schema: _ignored, definitions: _components, ...json } = z.toJSONSchema(schema, OPTIONS) as Record<string, unknown>;
  return asComponents(json) as SchemaObject;
}

/** The component schemas, generated from the contracts (each nested component a `$ref`). */
export function componentSchemas(): Record<string, SchemaObject> {
  const { schemas } = z.toJSONSchema(components, { target: 'openapi-3.0', unrepresentable: 'any', uri: (id) => `#/definitions/${id}` });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, json]) => {
      const { $id: _id, $schema: _schema, ...rest } = json as Record<string, unknown>;
      return [id, asComponents(rest) as SchemaObject];
    }),
  );
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
    // The admin app's session (POST /api/users/login with session 'cookie'); writes also need X-CSRF-Token.
    .addCookieAuth(
      '__Host-shop_session',
      { type: 'apiKey', in: 'cookie', name: '__Host-shop_session', description: 'Over https (shop_session over plain http). State-changing calls also send X-CSRF-Token (the __Host-shop_csrf cookie)' },
      'session',
    )
    .build();
  // Built on the first request to /api/docs (then kept), not at start: the document of every route and
  // contract schema is memory the gateway would hold from boot for a page few people open.
  const document = () => {
    const built = SwaggerModule.createDocument(app, config);
    built.components = { ...built.components, schemas: { ...built.components?.schemas, ...componentSchemas() } };
    return built;
  };
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
}

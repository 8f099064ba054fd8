import { Controller, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ValidationError } from '@shop/contracts';
import { z } from 'zod';
import { schemaOf } from './openapi';
import { ZodBody, ZodBodyPipe } from './zod-body.decorator';

const NoteSchema = z.object({ note: z.string({ error: 'The note must be text' }).max(5, 'The note is too long') });

@Controller('notes')
class NotesController {
  @Post()
  create(@ZodBody(NoteSchema) body: z.output<typeof NoteSchema>): z.output<typeof NoteSchema> {
    return body;
  }

  @Post('optional')
  optional(@ZodBody(NoteSchema.partial(), { required: false }) body: { note?: string }): { note?: string } {
    return body;
  }
}

@Module({ controllers: [NotesController] })
class NotesModule {}

describe('ZodBody', () => {
  it('hands on the parsed body and refuses a bad one with the first problem as a 400 ValidationError', () => {
    const pipe = new ZodBodyPipe(NoteSchema, true);
    expect(pipe.transform({ note: 'hi', extra: 1 })).toEqual({ note: 'hi' });
    expect(() => pipe.transform({ note: 'too long' })).toThrow(new ValidationError('The note is too long'));
    expect(() => pipe.transform({})).toThrow(new ValidationError('The note must be text'));
    expect(() => pipe.transform(undefined)).toThrow(ValidationError);
  });

  it('reads a missing optional body as an empty one', () => {
    expect(new ZodBodyPipe(NoteSchema.partial(), false).transform(undefined)).toEqual({});
  });

  it('documents the body in OpenAPI from the same schema', async () => {
    const app = await NestFactory.create(NotesModule, { logger: false });
    try {
      const doc = SwaggerModule.createDocument(app, new DocumentBuilder().build());
      expect(doc.paths['/notes'].post?.requestBody).toEqual({ required: true, content: { 'application/json': { schema: schemaOf(NoteSchema) } } });
      expect(doc.paths['/notes/optional'].post?.requestBody).toMatchObject({ required: false, content: { 'application/json': { schema: schemaOf(NoteSchema.partial()) } } });
    } finally {
      await app.close();
    }
  });
});

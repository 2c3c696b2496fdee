/**
 * Response serialisation. Tests and development check every response against its zod schema (so
 * a contract drift fails loudly); demo and production compile the same schema, converted to JSON
 * Schema, with fast-json-stringify, which also drops undeclared keys but costs far less per request.
 */
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

export function createFastSerializerCompiler(): SerializerCompiler {
  return (routeSchema) => {
    const { schema } = routeSchema as { schema: unknown };
    if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
    try {
      const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
      return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]) as (data: unknown) => string;
    } catch {
      // A schema JSON Schema cannot express: keep the checked serializer for that route.
      return (serializerCompiler as SerializerCompiler)(routeSchema);
    }
  };
}

export function chooseSerializerCompiler(checked: boolean): SerializerCompiler {
  return checked ? (serializerCompiler as SerializerCompiler) : createFastSerializerCompiler();
}

export type { FastifySchemaCompiler };

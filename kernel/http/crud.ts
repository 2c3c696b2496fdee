/**
 * One kind of record in the studio API under /api/admin/: list (+CSV), create, read, update and
 * delete, each route naming its permission (checked by the plugin's admin hook, ./admin.ts).
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSecurity as security } from './admin.ts';
import { sendCsv, toCsv } from './csv.ts';
import { envelope } from './envelope.ts';
import { idParams } from './forms.ts';
import { listOf } from './lists.ts';

const tags = ['admin'];
const deleted = { 200: envelope(z.object({ id: z.number() })) };

interface Crud<Item, Input, Query> {
  path: string;
  permission: NonNullable<FastifyContextConfig['permission']>;
  noun: string;
  csvName: string;
  item: z.ZodType<Item>;
  input: z.ZodType<Input>;
  query: z.ZodType<Query>;
  list: (request: FastifyRequest, query: Query) => Promise<{ items: Item[]; total: number; all: Item[] }>;
  csv: { header: string[]; row: (item: Item) => (string | number | null)[] };
  get: (request: FastifyRequest, id: number) => Promise<Item>;
  save: (request: FastifyRequest, id: number | null, input: Input) => Promise<Item>;
  remove: (request: FastifyRequest, id: number) => Promise<{ id: number }>;
}

/** List (+CSV), create, read, update, delete of one kind of record (the site's and the catalog's records). */
export function registerCrud<Item, Input, Query extends { page: number; limit: number; format?: 'csv' | undefined }>(
  app: FastifyInstance,
  crud: Crud<Item, Input, Query>,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: crud.permission };
  const one = { 200: envelope(crud.item) };
  const base = `/api/admin/${crud.path}`;
  const params = idParams;
  typed.get(
    `${base}.json`,
    {
      config,
      schema: {
        tags,
        security,
        summary: `${crud.noun} (quyền ${crud.permission}): tìm kiếm không dấu, lọc, phân trang; ?format=csv`,
        querystring: crud.query,
        response: { 200: listOf(crud.item) },
      },
    },
    async (request, reply) => {
      const query = request.query as Query;
      const { items, total, all } = await crud.list(request, query);
      if (query.format === 'csv') {
        return sendCsv(reply as FastifyReply, crud.csvName, toCsv(crud.csv.header, all.map(crud.csv.row)));
      }
      return { data: items, meta: { page: query.page, limit: query.limit, total } };
    },
  );
  typed.post(
    `${base}.json`,
    {
      config,
      schema: {
        tags,
        security,
        summary: `Tạo ${crud.noun.toLowerCase()}; ghi nhật ký`,
        body: crud.input,
        response: one,
      },
    },
    async (request) => ({ data: await crud.save(request, null, request.body as Input) }),
  );
  typed.get(
    `${base}/:id.json`,
    { config, schema: { tags, security, summary: `Chi tiết ${crud.noun.toLowerCase()}`, params, response: one } },
    async (request) => ({ data: await crud.get(request, request.params.id) }),
  );
  typed.put(
    `${base}/:id.json`,
    {
      config,
      schema: {
        tags,
        security,
        summary: `Sửa ${crud.noun.toLowerCase()}; ghi nhật ký`,
        params,
        body: crud.input,
        response: one,
      },
    },
    async (request) => ({ data: await crud.save(request, request.params.id, request.body as Input) }),
  );
  typed.delete(
    `${base}/:id.json`,
    {
      config,
      schema: { tags, security, summary: `Xóa ${crud.noun.toLowerCase()}; ghi nhật ký`, params, response: deleted },
    },
    async (request) => ({ data: await crud.remove(request, request.params.id) }),
  );
}

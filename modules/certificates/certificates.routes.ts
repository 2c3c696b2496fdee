import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, requireApiViewer } from '../../kernel/http/index.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

const certificateSchema = z.object({
  code: z.string(),
  kind: z.enum(['course', 'exam_contest']).describe('course: a completed course; exam_contest: a contest result'),
  learner_name: z.string(),
  course_id: z.number().int().nullable(),
  course_title: z.string().describe("The course's or the contest's title"),
  course_slug: z.string().nullable(),
  contest: z
    .object({
      slug: z.string().nullable(),
      score: z.number(),
      max_score: z.number(),
      rank: z.number().int().nullable(),
      candidates: z.number().int().nullable(),
    })
    .nullable()
    .describe('A contest certificate: the score (points), rank and number of candidates; null for a course'),
  issued_at: z.string(),
  revoked: z
    .object({ at: z.string(), reason: z.string() })
    .nullable()
    .describe('A contest certificate a key correction took below the threshold: since when and why; null when valid'),
  verify_url: z.string(),
  pdf_url: z.string(),
});

const codeParam = z
  .string({ error: 'Mã chứng chỉ không hợp lệ.' })
  .trim()
  .min(1, 'Vui lòng nhập mã chứng chỉ.')
  .max(40);

export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['certificates'];

  app.get(
    '/api/user/certificate.json',
    {
      schema: {
        tags,
        summary: 'Chứng chỉ của tôi (cấp bổ sung cho các khóa đã hoàn thành mà chưa có chứng chỉ)',
        response: { 200: envelope(z.array(certificateSchema)) },
      },
    },
    async (request) => ({ data: await request.services.certificates.listMine(requireApiViewer(request).id) }),
  );

  app.get(
    '/api/user/certificate/verify.json',
    {
      schema: {
        tags,
        summary:
          'Xác minh một chứng chỉ theo mã (công khai): valid = false khi không có chứng chỉ nào mang mã này hoặc chứng chỉ đã bị thu hồi',
        querystring: z.object({ code: codeParam }),
        response: {
          200: envelope(z.object({ valid: z.boolean(), certificate: certificateSchema.nullable() })),
        },
      },
    },
    async (request) => {
      const certificate = await request.services.certificates.verify(request.query.code);
      return { data: { valid: certificate !== null && certificate.revoked === null, certificate } };
    },
  );

  app.get(
    '/chung-chi/:code.pdf',
    {
      config: perAddress(ADDRESS_LIMITS.rare),
      schema: {
        tags,
        summary: 'Tải chứng chỉ dạng PDF (A4 ngang)',
        params: z.object({ code: codeParam }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { code, bytes } = await request.services.certificates.renderPdf(request.params.code);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="chung-chi-${code}.pdf"`)
        .header('cache-control', 'private, max-age=300')
        .send(Buffer.from(bytes));
    },
  );
};

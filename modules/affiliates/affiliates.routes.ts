/**
 * The affiliate API: the learner's own programme under /api/user/affiliate…; the studio's under
 * /api/admin/affiliates… (affiliates-admin.routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, listOf, requireApiViewer } from '../../kernel/http/index.ts';
import * as schemas from './affiliates.schemas.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/address-limits.ts';

const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
export const affiliateRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['affiliates'];

  app.get(
    '/api/user/affiliate.json',
    {
      schema: {
        tags,
        security,
        summary: 'Chương trình cộng tác viên của tôi: mã giới thiệu, liên kết, tổng lượt nhấp, đơn, hoa hồng',
        response: { 200: envelope(schemas.programmeSchema) },
      },
    },
    async (request) => ({ data: await request.services.affiliates.describe(requireApiViewer(request).id) }),
  );

  app.post(
    '/api/user/affiliate/join.json',
    {
      config: perAddress(ADDRESS_LIMITS.rare),
      schema: {
        tags,
        security,
        summary: 'Tham gia chương trình cộng tác viên (lần sau: trả lại mã đã có)',
        response: { 200: envelope(schemas.programmeSchema) },
      },
    },
    async (request) => ({ data: await request.services.affiliates.join(requireApiViewer(request).id) }),
  );

  app.get(
    '/api/user/affiliate/stats.json',
    {
      schema: {
        tags,
        security,
        summary: 'Lượt nhấp, đơn hàng và hoa hồng theo ngày (giờ Việt Nam) trong `days` ngày gần nhất',
        querystring: schemas.seriesQuery,
        response: { 200: envelope(schemas.seriesSchema) },
      },
    },
    async (request) => ({
      data: await request.services.affiliates.series(requireApiViewer(request).id, request.query.days),
    }),
  );

  app.get(
    '/api/user/affiliate/commissions.json',
    {
      schema: {
        tags,
        security,
        summary: 'Hoa hồng của tôi (mới nhất trước), lọc theo trạng thái',
        querystring: schemas.myCommissionsQuery,
        response: { 200: listOf(schemas.myCommissionSchema) },
      },
    },
    async (request) => {
      const { page, limit, status } = request.query;
      const result = await request.services.affiliates.commissions(requireApiViewer(request).id, page, limit, status);
      return { data: result.items, meta: { page, limit, total: result.total } };
    },
  );

  app.get(
    '/api/user/affiliate/links.json',
    {
      schema: {
        tags,
        security,
        summary: 'Liên kết giới thiệu (?ref=MÃ) của các khóa học khớp từ khóa, với tỷ lệ hoa hồng',
        querystring: schemas.linksQuery,
        response: { 200: envelope(z.array(schemas.linkSchema)) },
      },
    },
    async (request) => ({
      data: await request.services.affiliates.links(requireApiViewer(request).id, request.query.q),
    }),
  );
};

/**
 * Offline study over HTTP (issue 21): the licence of a downloaded lesson, the check of a device's
 * licences at each connection, and the sync of what was done offline.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../kernel/http/index.ts';
import { requireApiViewer } from '../../kernel/http/index.ts';
import { ADDRESS_LIMITS, perAddress } from '../cache/index.ts';
import type { Licences } from './licences.ts';
import {
  licenceCheckInput,
  licenceCheckSchema,
  licenceInput,
  licenceSchema,
  packageQuery,
  packageSchema,
  syncInput,
  syncSchema,
} from './offline.schemas.ts';
import type { OfflinePackages } from './packages.ts';
import type { OfflineSync } from './sync.ts';

const tags = ['offline'];
const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

export function offlineRoutes(deps: {
  licences: Licences;
  sync: OfflineSync;
  packages: OfflinePackages;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/user/offline/lesson.json',
      {
        schema: {
          tags,
          security,
          summary:
            'Nội dung tải về của một bài học (chỉ học viên đã đăng ký): mỗi chất lượng video với dung lượng (byte, tính từ các đoạn đã lưu) và danh sách phát đã ký để tải',
          querystring: packageQuery,
          response: { 200: envelope(packageSchema) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return { data: await deps.packages.describe(requireApiViewer(request).id, request.query.lesson_id) };
      },
    );

    app.post(
      '/api/user/offline/licence.json',
      {
        config: perAddress(ADDRESS_LIMITS.write),
        schema: {
          tags,
          security,
          summary:
            'Cấp giấy phép học ngoại tuyến cho một bài học trên một thiết bị (chỉ học viên đã đăng ký; hết hạn sau số ngày cấu hình, không quá ngày hết hạn khóa học)',
          body: licenceInput,
          response: { 200: envelope(licenceSchema) },
        },
      },
      async (request) => ({ data: await deps.licences.grant(requireApiViewer(request).id, request.body) }),
    );

    app.post(
      '/api/user/offline/licences/check.json',
      {
        config: perAddress(ADDRESS_LIMITS.write),
        schema: {
          tags,
          security,
          summary:
            'Kiểm tra các giấy phép của thiết bị khi có mạng: valid (gia hạn, giữ bài), expired / revoked / invalid (xóa bài đã tải: hết hạn, hoàn tiền, thu hồi, không hợp lệ)',
          body: licenceCheckInput,
          response: { 200: envelope(licenceCheckSchema) },
        },
      },
      async (request) => ({ data: await deps.licences.check(requireApiViewer(request).id, request.body) }),
    );

    app.post(
      '/api/user/offline/sync.json',
      {
        config: perAddress(ADDRESS_LIMITS.write),
        schema: {
          tags,
          security,
          summary:
            'Đồng bộ các thao tác khi ngoại tuyến (vị trí học, hoàn thành, ghi chú, bài kiểm tra) theo thứ tự seq; mỗi op_id chỉ áp dụng một lần, gửi lại nhận lại kết quả lần đầu',
          body: syncInput,
          response: { 200: envelope(syncSchema) },
        },
      },
      async (request) => ({ data: await deps.sync.sync(requireApiViewer(request).id, request.body) }),
    );
  };
}

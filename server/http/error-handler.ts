import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { conflictFromUniqueViolation, isAppError, unavailableFromConnectionFailure } from '../../lib/errors.ts';
import {
  sendUnavailablePage,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  wantsPage,
  type PageStyles,
} from './unavailable-page.ts';

export const GENERIC_ERROR_MESSAGE = 'Đã có lỗi xảy ra. Vui lòng thử lại sau.';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

function describeIssue(issue: { code?: string; message?: string; keyword?: string }): string {
  switch (issue.keyword ?? issue.code) {
    case 'invalid_type':
      return 'Giá trị không đúng kiểu dữ liệu.';
    case 'too_small':
      return 'Giá trị quá ngắn hoặc quá nhỏ.';
    case 'too_big':
      return 'Giá trị quá dài hoặc quá lớn.';
    case 'invalid_format':
    case 'invalid_string':
      return 'Giá trị không đúng định dạng.';
    case 'invalid_value':
    case 'invalid_enum_value':
      return 'Giá trị không nằm trong danh sách cho phép.';
    case 'unrecognized_keys':
      return 'Có trường không được hỗ trợ.';
    default:
      return 'Giá trị không hợp lệ.';
  }
}

/**
 * The one error handler: every failure leaves as the envelope of ARCHITECTURE.md §4, in Vietnamese,
 * and a 5xx never carries internals.
 */
export function registerErrorHandler(app: FastifyInstance, options: { pageStyles?: PageStyles } = {}): void {
  app.setErrorHandler<FastifyError>((thrown, request, reply) => {
    // A race on a unique row that no service turned into its own answer is a conflict, not a failure;
    // a database that cannot be reached is a 503 (the database layer already says so, this is the net).
    const error =
      (conflictFromUniqueViolation(thrown) as FastifyError | null) ??
      (unavailableFromConnectionFailure(thrown) as FastifyError | null) ??
      thrown;
    let status = 500;
    let body: ErrorBody = { error: { code: 'INTERNAL', message: GENERIC_ERROR_MESSAGE } };

    if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const params = issue.params as { issue?: { path?: PropertyKey[]; code?: string; message?: string } };
        const path =
          params.issue?.path?.map(String).join('.') ||
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          error.validationContext ||
          'body';
        // Zod messages written for the user (custom ones) are Vietnamese; fall back to a generic one.
        // fastify-type-provider-zod puts the zod issue's message on the validation entry itself.
        const custom = params.issue?.message ?? issue.message;
        fields[path] ??=
          custom && /[À-ỹ]/.test(custom) ? custom : describeIssue({ code: params.issue?.code, keyword: issue.keyword });
      }
      body = { error: { code: 'VALIDATION_FAILED', message: 'Dữ liệu gửi lên không hợp lệ.', fields } };
    } else if (isAppError(error)) {
      status = error.status;
      body = { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { error: { code: 'RATE_LIMITED', message: 'Bạn thao tác quá nhanh. Vui lòng thử lại sau ít phút.' } };
    } else if (isResponseSerializationError(error)) {
      status = 500;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const code = status === 404 ? 'NOT_FOUND' : status === 415 ? 'VALIDATION_FAILED' : 'VALIDATION_FAILED';
      const message =
        status === 413
          ? 'Dữ liệu gửi lên quá lớn.'
          : status === 415
            ? 'Định dạng dữ liệu không được hỗ trợ.'
            : status === 404
              ? 'Không tìm thấy.'
              : 'Yêu cầu không hợp lệ.';
      body = { error: { code, message } };
    }

    if (body.error.code === 'SERVICE_UNAVAILABLE') {
      // An outage is logged once by the database connection, not once per request. A page asked
      // for by a browser (a hook such as the viewer's met the outage) gets the page, not JSON.
      request.log.info({ code: body.error.code, status }, 'request refused: database unreachable');
      if (wantsPage(request)) return sendUnavailablePage(reply, body.error.message, options.pageStyles);
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
    } else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.error.code, status }, 'request rejected');
    return reply.status(status).send(body);
  });
}

export function registerApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({
      error: { code: 'NOT_FOUND', message: `Không tìm thấy đường dẫn ${request.method} ${request.url.split('?')[0]}` },
    });
  });
}

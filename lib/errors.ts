/**
 * The one error type services throw for expected failures. The HTTP layer turns it into the
 * `{ error: { code, message, fields } }` envelope with its status; pages show its message.
 */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'BUSINESS_RULE'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'SERVICE_UNAVAILABLE';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

// The server runs the modules once and the page bundle carries its own copy of this file, so
// errors are recognised by a global brand rather than by `instanceof`.
const APP_ERROR_BRAND = Symbol.for('khai-tri.app-error');

export class AppError extends Error {
  readonly [APP_ERROR_BRAND] = true;
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS_BY_CODE[code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[APP_ERROR_BRAND] === true;
}

/**
 * A write refused by a unique constraint or primary key, from either engine: PostgreSQL's 23505,
 * better-sqlite3's SQLITE_CONSTRAINT_UNIQUE / SQLITE_CONSTRAINT_PRIMARYKEY. The one place that
 * recognises it (services that expect a race, the error handler and page forms as a safety net).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
  return /UNIQUE constraint failed|duplicate key value violates unique constraint/i.test(
    String((error as { message?: unknown }).message ?? ''),
  );
}

/** What a user is told when a race on a unique row reaches no more specific answer. */
export const UNIQUE_CONFLICT_MESSAGE =
  'Dữ liệu này vừa được thay đổi hoặc đã tồn tại. Vui lòng tải lại trang và thử lại.';

/** The AppError a unique violation becomes when nothing more specific caught it; null for any other error. */
export function conflictFromUniqueViolation(error: unknown): AppError | null {
  return isUniqueViolation(error) ? new AppError('CONFLICT', UNIQUE_CONFLICT_MESSAGE) : null;
}

/** What a user is told while the database cannot be reached (a restart, a failover). */
export const SERVICE_UNAVAILABLE_MESSAGE = 'Hệ thống đang bận, vui lòng thử lại sau ít phút.';

/** Socket errors and PostgreSQL's shutdown / connection classes: the database is away, not the query wrong. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|database system is (starting up|shutting down|in recovery mode)/i;

/**
 * A failure to reach the database (refused, reset, timed out, shut down), from the driver or the
 * pool: recognised here once, so the database layer and the error handler agree on it.
 */
export function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, errors, cause } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isConnectionFailure(inner, depth + 1))) return true;
  return cause !== undefined && isConnectionFailure(cause, depth + 1);
}

/** The 503 a connection failure becomes (the original kept as its cause); null for any other error. */
export function unavailableFromConnectionFailure(error: unknown): AppError | null {
  if (isAppError(error)) return error.code === 'SERVICE_UNAVAILABLE' ? error : null;
  if (!isConnectionFailure(error)) return null;
  const unavailable = new AppError('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE);
  (unavailable as { cause?: unknown }).cause = error;
  return unavailable;
}

/** True for the AppError that says the service is unavailable (a database outage). */
export function isServiceUnavailable(error: unknown): error is AppError {
  return isAppError(error) && error.code === 'SERVICE_UNAVAILABLE';
}

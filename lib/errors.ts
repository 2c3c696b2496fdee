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
  | 'INTERNAL';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
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

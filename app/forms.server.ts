/** Page actions: parse a form with a zod schema and turn expected failures into form state. */
import { data, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { conflictFromUniqueViolation, isAppError } from '../lib/errors';
import { resolveRedirectTarget } from '../lib/redirect-target';
import { buildSessionCookies } from '../modules/accounts/session-cookies';

export interface FormState {
  /** Which of several forms on a page this state belongs to. */
  intent?: string;
  notice?: string;
  message: string;
  fields: Record<string, string>;
  values: Record<string, string>;
}

/** Field values to show again after an error (never passwords). */
export function keepValues(form: FormData, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? '')]));
}

export function parseForm<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> | FormState {
  const result = schema.safeParse(input);
  if (result.success) return result.data as z.infer<T>;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'form'] ??= issue.message;
  return { message: 'Vui lòng kiểm tra lại thông tin.', fields, values: {} };
}

export function isFormState(value: unknown): value is FormState {
  return typeof value === 'object' && value !== null && 'fields' in value && 'message' in value;
}

/**
 * Runs the action; an AppError becomes a form error with its status (a unique row taken by a
 * concurrent request, a 409), anything else is rethrown.
 */
export async function runForm<T>(values: Record<string, string>, work: () => Promise<T>, intent?: string) {
  try {
    return await work();
  } catch (thrown) {
    const error = conflictFromUniqueViolation(thrown) ?? thrown;
    if (isAppError(error)) {
      return data<FormState>(
        { intent, message: error.message, fields: error.fields ?? {}, values },
        { status: error.status },
      );
    }
    throw error;
  }
}

export function formError(state: FormState, values: Record<string, string>, status = 400, intent?: string) {
  return data<FormState>({ ...state, values, ...(intent ? { intent } : {}) }, { status });
}

/** A redirect target from input, kept on this site (lib/redirect-target.ts). */
export function safeRedirect(context: AppLoadContext, target: string | null | undefined, fallback = '/'): string {
  return resolveRedirectTarget(target, context.config, fallback);
}

export function requestMeta(request: Request, context: AppLoadContext) {
  return { ip: context.clientIp, userAgent: request.headers.get('user-agent'), deviceId: context.deviceId };
}

export function sessionHeaders(
  context: AppLoadContext,
  signedIn: { token: string; user: { id: number; full_name: string } },
): Headers {
  const headers = new Headers();
  for (const cookie of buildSessionCookies({
    token: signedIn.token,
    userId: signedIn.user.id,
    fullName: signedIn.user.full_name,
    siteLabel: context.services.web.siteLabel,
    secure: context.services.web.secureCookies,
  })) {
    headers.append('Set-Cookie', cookie);
  }
  return headers;
}

/**
 * The forgot-password verify token rides in a short-lived HttpOnly cookie, out of the URL. Its path is
 * `/`: client-side form posts go to `/quen-mat-khau-step-2.data`, which a narrower path would miss.
 */
export const VERIFY_COOKIE = 'kt_verify';

export function verifyTokenCookie(token: string, secure: boolean): string {
  return `${VERIFY_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=900; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearVerifyTokenCookie(secure: boolean): string {
  return `${VERIFY_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function readVerifyToken(request: Request): string | null {
  const match = /(?:^|;\s*)kt_verify=([^;]+)/.exec(request.headers.get('cookie') ?? '');
  return match ? decodeURIComponent(match[1]!) : null;
}

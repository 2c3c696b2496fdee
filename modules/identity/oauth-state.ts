/** The short-lived cookies that carry a sealed OAuth attempt (state, PKCE verifier) to the callback. */
import { AppError } from '../../lib/errors.ts';

export const STATE_TTL_SECONDS = 600;

export function stateCookie(name: string, path: string, value: string, maxAge: number, secure: boolean): string {
  return `${name}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export const staleState = () =>
  new AppError('VALIDATION_FAILED', 'Phiên xác thực đã hết hạn hoặc không hợp lệ. Vui lòng thử lại.', {
    state: 'Phiên xác thực không hợp lệ.',
  });

/**
 * The referral cookie: which affiliate's link the browser last came through (last click wins), for
 * 30 days. First-party, HttpOnly, signed with the session secret (referral-signing.ts) so it cannot
 * be forged or edited: `{affiliateId}.{issuedAtSeconds}.{signature}`. No Node imports: page actions read it.
 */
export const REFERRAL_COOKIE = 'kt_ref';
export const REFERRAL_MAX_AGE_SECONDS = 30 * 86_400;

/** The raw referral value of a Cookie header. */
export function readReferralCookie(cookieHeader: string | null | undefined): string | undefined {
  const match = /(?:^|;\s*)kt_ref=([\w.-]{1,80})(?:;|$)/.exec(cookieHeader ?? '');
  return match?.[1];
}

export function referralSetCookie(value: string, secure: boolean): string {
  return `${REFERRAL_COOKIE}=${value}; Path=/; Max-Age=${REFERRAL_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Per-address route limits (@fastify/rate-limit, per minute), sized for carrier-grade NAT
 * (docs/decisions/0008): thousands of a mobile operator's subscribers share one public address, so
 * an address limit only stops floods. Guessing is bounded elsewhere, per account, phone number and
 * device (modules/accounts/sign-in-guard.ts, the one-time codes' tries, modules/cache/throttle.ts).
 */
export const ADDRESS_LIMITS = {
  /** Password and one-time-code checks: a school's or an exam night's sign-ins behind one address. */
  signIn: 3_000,
  /** Sign-ups and requests that send an SMS or e-mail (each also limited per number or address). */
  sendsCode: 1_000,
  /** Orders, payments again, activation codes. */
  checkout: 1_500,
  /** Everyday writes of signed-in learners (profile, comments, reviews, quiz answers, push). */
  write: 1_500,
  /** Rare forms (partnership requests, joining the affiliates, certificate lookups by code). */
  rare: 300,
} as const;

/** The route option: `config: perAddress(ADDRESS_LIMITS.signIn)`. */
export const perAddress = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/**
 * Fixed-window counters for per-account throttling (login failures, OTP sends). In-process; the
 * windows are short, so a throttled account is never locked out for long.
 */
export interface ThrottleResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface Throttle {
  /** Counts one hit; not allowed once `limit` hits fall inside the window. */
  hit(key: string, limit: number, windowMs: number, now?: number): ThrottleResult;
  /** Reads without counting. */
  peek(key: string, limit: number, now?: number): ThrottleResult;
  reset(key: string): void;
}

export function createThrottle(maxKeys = 100_000): Throttle {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const read = (key: string, now: number) => {
    const entry = windows.get(key);
    if (!entry || entry.resetAt <= now) return undefined;
    return entry;
  };
  return {
    hit(key, limit, windowMs, now = Date.now()) {
      let entry = read(key, now);
      if (!entry) {
        entry = { count: 0, resetAt: now + windowMs };
        windows.set(key, entry);
        if (windows.size > maxKeys) {
          const oldest = windows.keys().next().value;
          if (oldest !== undefined) windows.delete(oldest);
        }
      }
      entry.count += 1;
      return { allowed: entry.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) };
    },
    peek(key, limit, now = Date.now()) {
      const entry = read(key, now);
      if (!entry) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: entry.count < limit, retryAfterSeconds: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) };
    },
    reset(key) {
      windows.delete(key);
    },
  };
}

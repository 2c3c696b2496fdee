/**
 * A small read-through cache for hot public reads (navigation, settings, banners). In-process;
 * every write to the cached data calls `invalidate` with its prefix. With REDIS_URL the
 * invalidation also reaches every other instance (shared-cache.ts).
 */
export interface Cache {
  wrap<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  invalidate(prefix: string): void;
  /** Runs `listener` on every invalidation of this instance's entries (the page micro-cache follows). */
  onInvalidate(listener: (prefix: string) => void): void;
}

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

export function createMemoryCache(maxEntries = 5_000): Cache {
  const entries = new Map<string, Entry>();
  const listeners: Array<(prefix: string) => void> = [];
  return {
    async wrap<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { expires: now + ttlMs, value });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      // A failed load is not cached.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    invalidate(prefix: string): void {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
      for (const listener of listeners) listener(prefix);
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
  };
}

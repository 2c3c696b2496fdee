/**
 * The route limiter's store with REDIS_URL: @fastify/rate-limit's own Redis store while Redis is
 * connected, its own in-process store while it is away (or a command fails), so a Redis outage
 * never turns the limiter into a 500 — the limits still apply, per instance, until Redis is back.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisLink } from '../../modules/cache/redis.ts';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

interface InnerStore extends FastifyRateLimitStore {
  read?(key: string, callback: Callback, timeWindow: number, max: number): void;
}

// The plugin's two stores are plain CommonJS constructors, not part of its typed face.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: RedisLink['client'],
  nameSpace: string,
) => InnerStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => InnerStore;

class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly link: RedisLink,
    private readonly shared: InnerStore,
    private readonly local: InnerStore,
  ) {}

  #run(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
    const local = this.local[method]?.bind(this.local);
    const shared = this.shared[method]?.bind(this.shared);
    if (!local || !shared) return callback(new Error(`rate-limit store without ${method}`));
    if (!this.link.ready()) return local(key, callback, timeWindow, max);
    shared(
      key,
      (error, result) => (error ? local(key, callback, timeWindow, max) : callback(null, result)),
      timeWindow,
      max,
    );
  }

  incr(key: string, callback: Callback, timeWindow: number, max: number) {
    this.#run('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number) {
    this.#run('read', key, callback, timeWindow, max);
  }

  child(routeOptions: ChildOptions): FastifyRateLimitStore {
    return new FallbackStore(this.link, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/** The store constructor for `@fastify/rate-limit`'s `store` option. */
export function redisWithFallbackStore(link: RedisLink, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin hands its resolved global parameters, which carry these two.
      const params = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      super(
        link,
        new RedisStore(continueExceeding, exponentialBackoff, link.client, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}

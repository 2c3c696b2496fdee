/**
 * The Official Account's ZNS access token, kept fresh (decision 0023, "Keeping the OA token fresh").
 * One row of `zns_tokens` holds the current access token, its expiry and the single-use refresh
 * token, seeded from the configuration at first use. A refresh is claimed by a conditional update on
 * the refresh token's value (compare-and-swap, with a lease): exactly one instance spends a refresh
 * token; the others wait for its answer and read the token it stored. Refreshed ahead of expiry by a
 * periodic job (server/jobs.ts) and at once when ZNS rejects the access token.
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';

export interface ZnsSeed {
  /** What identifies the configured tokens: when it changes (a new authorization), they replace the row. */
  key: string;
  accessToken: string;
  refreshToken: string | null;
  /** Null: unknown (a configured token): refreshed at the next run of the job. */
  expiresAt: Date | null;
}

export interface ZnsFreshTokens {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
}

/** Spends a refresh token at Zalo; throws when Zalo refuses or does not answer. */
export type ZnsRefresh = (refreshToken: string) => Promise<ZnsFreshTokens>;

export interface ZnsTokenStatus {
  expiresAt: string | null;
  refreshedAt: string | null;
  renewable: boolean;
  lastError: string | null;
  lastErrorAt: string | null;
}

const ROW = 1;
const LEASE_SECONDS = 60;

export type ZnsTokenStore = ReturnType<typeof createZnsTokenStore>;

export function createZnsTokenStore(
  db: Kysely<Database>,
  deps: {
    seed: () => ZnsSeed;
    /** Null: no refresh token configured (ZALO_APP_ID, ZALO_SECRET_KEY, ZNS_REFRESH_TOKEN). */
    refresh: ZnsRefresh | null;
    /** How long an instance that lost the claim waits for the winner's token (default 30 s). */
    waitSeconds?: number;
  },
) {
  const table = () => db.selectFrom('zns_tokens').selectAll().where('id', '=', ROW);

  /** The row, seeded (or re-seeded, when the configured tokens changed) from the configuration. */
  async function current() {
    const seed = deps.seed();
    const hash = createHash('sha256').update(seed.key).digest('hex');
    const values = {
      access_token: seed.accessToken,
      access_expires_at: seed.expiresAt?.toISOString() ?? null,
      refresh_token: seed.refreshToken,
      seed: hash,
      claim_id: null,
      claimed_at: null,
      updated_at: nowIso(),
    };
    let row = await table().executeTakeFirst();
    if (!row) {
      await db
        .insertInto('zns_tokens')
        .values({ id: ROW, ...values })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      row = await table().executeTakeFirstOrThrow();
    } else if (row.seed !== hash) {
      // The operator configured new tokens (a new authorization): they replace the stored ones, once.
      await db.updateTable('zns_tokens').set(values).where('id', '=', ROW).where('seed', '=', row.seed).execute();
      row = await table().executeTakeFirstOrThrow();
    }
    return row;
  }

  async function recordFailure(claimId: string, message: string): Promise<void> {
    await db
      .updateTable('zns_tokens')
      .set({ claim_id: null, claimed_at: null, last_error: message.slice(0, 500), last_error_at: nowIso() })
      .where('id', '=', ROW)
      .where('claim_id', '=', claimId)
      .execute();
  }

  /** Spends the refresh token this instance claimed and stores the new pair. */
  async function spend(refreshToken: string, claimId: string): Promise<string> {
    let fresh: ZnsFreshTokens;
    try {
      fresh = await deps.refresh!(refreshToken);
    } catch (error) {
      const message = `Làm mới access token ZNS thất bại: ${error instanceof Error ? error.message : String(error)}`;
      await recordFailure(claimId, message);
      throw new Error(message);
    }
    const now = new Date();
    await db
      .updateTable('zns_tokens')
      .set({
        access_token: fresh.accessToken,
        access_expires_at: new Date(now.getTime() + fresh.expiresInSeconds * 1000).toISOString(),
        refresh_token: fresh.refreshToken,
        claim_id: null,
        claimed_at: null,
        refreshed_at: now.toISOString(),
        last_error: null,
        last_error_at: null,
        updated_at: now.toISOString(),
      })
      .where('id', '=', ROW)
      .where('claim_id', '=', claimId)
      .execute();
    return fresh.accessToken;
  }

  /**
   * A new access token in place of `stale`: the one another instance already stored, or one this
   * instance gets by spending the refresh token it claimed. Throws when it cannot be renewed.
   */
  async function renew(stale: string): Promise<string> {
    const deadline = Date.now() + (deps.waitSeconds ?? 30) * 1000;
    for (;;) {
      const row = await current();
      if (row.access_token !== stale && row.access_token !== '') return row.access_token;
      if (!row.refresh_token || !deps.refresh)
        throw new Error('ZNS: access token hết hạn và không có refresh token để làm mới (ZNS_REFRESH_TOKEN)');
      const claimId = randomUUID();
      const leaseEnd = new Date(Date.now() - LEASE_SECONDS * 1000).toISOString();
      const claimed = await db
        .updateTable('zns_tokens')
        .set({ claim_id: claimId, claimed_at: nowIso() })
        .where('id', '=', ROW)
        .where('refresh_token', '=', row.refresh_token)
        .where((eb) => eb.or([eb('claim_id', 'is', null), eb('claimed_at', '<', leaseEnd)]))
        .returning('id')
        .executeTakeFirst();
      if (claimed) return spend(row.refresh_token, claimId);
      // Another instance holds the claim: its new token will be in the row.
      if (Date.now() > deadline) throw new Error('ZNS: một lượt làm mới access token khác chưa xong');
      await sleep(200);
    }
  }

  return {
    renew,

    /** The access token to send with; an expired one is renewed first (when it can be). */
    async accessToken(now = new Date()): Promise<string> {
      const row = await current();
      const expired =
        row.access_token === '' || (row.access_expires_at !== null && readDate(row.access_expires_at) <= now);
      if (expired && row.refresh_token && deps.refresh) return renew(row.access_token);
      return row.access_token;
    },

    /**
     * The job: renews the access token when less than `aheadSeconds` are left (or its expiry is
     * unknown). Throws when the renewal fails, so the job shows as failing in the studio.
     */
    async refreshIfDue(now = new Date(), aheadSeconds = 60 * 60): Promise<'refreshed' | 'fresh' | 'not renewable'> {
      const row = await current();
      if (!row.refresh_token || !deps.refresh) return 'not renewable';
      const expiresAt = row.access_expires_at === null ? null : readDate(row.access_expires_at);
      if (expiresAt && expiresAt.getTime() - now.getTime() > aheadSeconds * 1000) return 'fresh';
      await renew(row.access_token);
      return 'refreshed';
    },

    /** The token's expiry and the last refresh (never the tokens). */
    async status(): Promise<ZnsTokenStatus> {
      const row = await current();
      const iso = (value: string | Date | null) => (value === null ? null : readDate(value).toISOString());
      return {
        expiresAt: iso(row.access_expires_at),
        refreshedAt: iso(row.refreshed_at),
        renewable: row.refresh_token !== null && deps.refresh !== null,
        lastError: row.last_error,
        lastErrorAt: iso(row.last_error_at),
      };
    },
  };
}

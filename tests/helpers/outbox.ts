/**
 * Mail and SMS leave through jobs (modules/messaging): a test that reads what was sent waits until
 * the outbox has delivered it — no message queued or being sent — instead of sleeping.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Resolves once no outbox message (to `recipient`, when given) is waiting or being sent. */
export async function outboxDelivered(db: Kysely<Database>, recipient?: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    let pending = db
      .selectFrom('outbox_messages')
      .select(['id', 'state', 'error'])
      .where('state', 'in', ['queued', 'sending']);
    if (recipient !== undefined) pending = pending.where('recipient', '=', recipient);
    const rows = await pending.limit(1).execute();
    if (rows.length === 0) return;
    if (Date.now() > until)
      throw new Error(`outbox message #${rows[0]!.id} still ${rows[0]!.state} (${rows[0]!.error ?? 'no error'})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

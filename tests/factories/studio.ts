/** Studio audit entries, shared by the tests and the demo seed. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertAudit, type NewAuditEntry } from '../../modules/studio/studio.repository.ts';

export async function createAuditEntry(
  db: Kysely<Database>,
  entry: Partial<NewAuditEntry> & Pick<NewAuditEntry, 'action' | 'targetType' | 'targetId'>,
  at = new Date(),
) {
  await insertAudit(db, { actorId: null, actorName: 'demo', summary: {}, ip: '127.0.0.1', ...entry }, at.toISOString());
}

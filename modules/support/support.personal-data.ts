/**
 * What a learner told the support desk, for their personal-data rights (decision 0024): the export
 * reads their requests (contact form, cellular visits) with the desk's replies to them; at the end of
 * a deletion request their requests lose the name, phone number, e-mail address, title and text they
 * carried (the text becomes a neutral marker), while the request rows, their status and the staff's
 * notes stay for the desk's history. Requests sent while signed out carry no account and are not
 * theirs to erase here. Idempotent: a second run finds nothing left to change.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { iso } from '../../kernel/db/index.ts';

/** What an erased learner's support request says in place of its text. */
export const ERASED_REQUEST = 'Nội dung yêu cầu đã bị xoá theo yêu cầu của người học.';

export function createSupportPersonalData(db: Kysely<Database>) {
  return {
    /** The learner's support requests and the desk's replies to them, oldest first. */
    async exportOf(userId: number) {
      const requests = await db
        .selectFrom('support_requests')
        .select(['id', 'kind', 'full_name', 'phone', 'email', 'title', 'content', 'path', 'status', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      const replies =
        requests.length === 0
          ? []
          : await db
              .selectFrom('support_request_notes')
              .select(['request_id', 'body', 'created_at'])
              .where('kind', '=', 'reply')
              .where(
                'request_id',
                'in',
                requests.map((request) => request.id),
              )
              .orderBy('id')
              .execute();
      return requests.map((request) => ({
        ...request,
        created_at: iso(request.created_at),
        replies: replies
          .filter((reply) => reply.request_id === request.id)
          .map((reply) => ({ body: reply.body, created_at: iso(reply.created_at) })),
      }));
    },

    /** Erases what the learner's requests say about them; how many requests changed. */
    async eraseLearnerContent(userId: number): Promise<number> {
      const result = await db
        .updateTable('support_requests')
        .set({ full_name: null, phone: null, email: null, title: null, content: ERASED_REQUEST })
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('full_name', 'is not', null),
            eb('phone', 'is not', null),
            eb('email', 'is not', null),
            eb('title', 'is not', null),
            eb('content', 'is', null),
            eb('content', '<>', ERASED_REQUEST),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type SupportPersonalData = ReturnType<typeof createSupportPersonalData>;

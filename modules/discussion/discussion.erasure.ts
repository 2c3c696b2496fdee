/**
 * Erasing what a learner wrote, at the end of a deletion request (decision 0024): their private
 * lesson notes are deleted; their comments and replies keep their place in the lesson's discussion
 * (others' replies still answer something) but their text becomes a neutral marker; the text of
 * their lesson error reports becomes the same marker, the studio's review kept. Comments and reports
 * carry no attachments. Idempotent: a second run finds nothing left to change.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What an erased learner's comment (or error report) says in place of its text. */
export const ERASED_CONTENT = 'Nội dung đã bị xoá theo yêu cầu của người học.';

export interface DiscussionErasureResult {
  notesDeleted: number;
  commentsErased: number;
  reportsErased: number;
}

export function createDiscussionErasure(db: Kysely<Database>) {
  return {
    async eraseLearnerContent(userId: number): Promise<DiscussionErasureResult> {
      return db.transaction().execute(async (trx) => {
        const notes = await trx.deleteFrom('lesson_notes').where('user_id', '=', userId).executeTakeFirst();
        const comments = await trx
          .updateTable('lesson_comments')
          .set({ content: ERASED_CONTENT })
          .where('user_id', '=', userId)
          .where('content', '<>', ERASED_CONTENT)
          .executeTakeFirst();
        const reports = await trx
          .updateTable('lesson_error_reports')
          .set({ content: ERASED_CONTENT })
          .where('user_id', '=', userId)
          .where('content', '<>', ERASED_CONTENT)
          .executeTakeFirst();
        return {
          notesDeleted: Number(notes.numDeletedRows),
          commentsErased: Number(comments.numUpdatedRows),
          reportsErased: Number(reports.numUpdatedRows),
        };
      });
    },
  };
}

export type DiscussionErasure = ReturnType<typeof createDiscussionErasure>;

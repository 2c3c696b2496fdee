/**
 * What a learner wrote, for their personal-data rights (decision 0024). The export reads their
 * notes, comments and error reports. At the end of a deletion request: their private
 * lesson notes are deleted; their comments and replies keep their place in the lesson's discussion
 * (others' replies still answer something) but their text becomes a neutral marker; the text of
 * their lesson error reports becomes the same marker, the studio's review kept. Comments and reports
 * carry no attachments. Idempotent: a second run finds nothing left to change.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { iso } from '../../kernel/db/index.ts';

/** What an erased learner's comment (or error report) says in place of its text. */
export const ERASED_CONTENT = 'Nội dung đã bị xoá theo yêu cầu của người học.';

export interface DiscussionErasureResult {
  notesDeleted: number;
  commentsErased: number;
  reportsErased: number;
}

export function createDiscussionPersonalData(db: Kysely<Database>) {
  return {
    /** The learner's notes, comments and error reports, oldest first (the export's section). */
    async exportOf(userId: number) {
      const [notes, comments, errorReports] = await Promise.all([
        db
          .selectFrom('lesson_notes')
          .select(['id', 'lesson_id', 'position_seconds', 'content', 'created_at', 'updated_at'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('lesson_comments')
          .select(['id', 'lesson_id', 'parent_id', 'content', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('lesson_error_reports')
          .select(['id', 'lesson_id', 'reason', 'content', 'status', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute(),
      ]);
      return {
        notes: notes.map((row) => ({ ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) })),
        comments: comments.map((row) => ({ ...row, created_at: iso(row.created_at) })),
        error_reports: errorReports.map((row) => ({ ...row, created_at: iso(row.created_at) })),
      };
    },

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

export type DiscussionPersonalData = ReturnType<typeof createDiscussionPersonalData>;

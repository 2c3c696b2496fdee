/**
 * What the discussion's studio lists read of other modules' tables, declared here and filled by the
 * composition root (modules/services.learning.ts): the catalog's lessons and the accounts' names.
 */
import type { Expression, SqlBool } from 'kysely';
import type { LessonRef, LessonScope } from '../catalog/index.ts';

export interface DiscussionLookups {
  /** The lessons among `ids` with their course (the catalog's); unknown ids are left out. */
  lessonsOf(ids: number[]): Promise<LessonRef[]>;
  /** `column in (the lessons in scope)`: the catalog's condition, embedded in this module's query. */
  lessonIn(column: string, scope: LessonScope): Expression<SqlBool>;
  /** Users' names by id (the accounts'); unknown ids are left out. */
  namesOf(ids: number[]): Promise<{ id: number; full_name: string }[]>;
  /** `column in (the users whose full name holds the folded text)`: the accounts' condition. */
  userNamed(column: string, text: string): Expression<SqlBool>;
}

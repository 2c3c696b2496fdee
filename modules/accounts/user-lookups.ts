/** The users as other modules' lists read them: names by id, and a condition on a (folded) name. */
import { type Expression, sql, type SqlBool } from 'kysely';
import { type Db, foldedMatch } from '../../kernel/db/index.ts';

/** `column in (the ids of the users whose full name holds the folded text)`. */
export function userNamed(db: Db, column: string, text: string): Expression<SqlBool> {
  const query = db
    .selectFrom('users')
    .select('users.id')
    .where(foldedMatch(['users.full_name'], text));
  return sql<SqlBool>`${sql.ref(column)} in (${query})`;
}

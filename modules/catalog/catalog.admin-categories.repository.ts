/**
 * The studio's category queries: categories of posts and of help articles (their item counts are
 * content's and support's, asked through the counting ports of catalog.admin-categories.ts).
 */
import { type Db, isSearching, matchesText, type TextSearch } from '../../kernel/db/index.ts';

export async function listCategories(db: Db, type: 'post' | 'support' | undefined, search: TextSearch) {
  let query = db
    .selectFrom('categories')
    .select([
      'categories.id',
      'categories.type',
      'categories.subtype',
      'categories.slug',
      'categories.name',
      'categories.description',
      'categories.position',
      'categories.is_active',
    ])
    .where('categories.type', 'in', type ? [type] : ['post', 'support']);
  if (isSearching(search)) query = query.where(matchesText(search, 'categories.name', 'categories.slug'));
  return query.orderBy('categories.type').orderBy('categories.position').orderBy('categories.id').execute();
}

export function findCategory(db: Db, id: number) {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function categorySlugTaken(db: Db, type: string, slug: string, exceptId?: number) {
  let query = db
    .selectFrom('categories')
    .select('id')
    .where('type', '=', type as 'post')
    .where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

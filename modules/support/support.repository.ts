/**
 * Help-centre articles, "was this helpful" votes and support requests (contact form, cellular
 * reports); for the studio, every article (published or not) and its writes.
 */
import type { Updateable } from 'kysely';
import type { NewSupportArticle, NewSupportRequest, SupportArticlesTable } from '../../db/schema.ts';
import { type Db, isSearching, matchesText, type TextSearch, type Window } from '../../kernel/db/index.ts';

export interface ArticleFilter {
  categoryIds?: number[];
  ids?: number[];
  excludeIds?: number[];
}

function filtered(db: Db, filter: ArticleFilter) {
  let query = db
    .selectFrom('support_articles')
    .innerJoin('categories', 'categories.id', 'support_articles.category_id')
    .where('support_articles.is_published', '=', 1)
    .where('categories.is_active', '=', 1);
  if (filter.categoryIds) query = query.where('support_articles.category_id', 'in', filter.categoryIds);
  if (filter.ids) query = query.where('support_articles.id', 'in', filter.ids.length > 0 ? filter.ids : [-1]);
  if (filter.excludeIds?.length) query = query.where('support_articles.id', 'not in', filter.excludeIds);
  return query;
}

export function listArticles(db: Db, filter: ArticleFilter, page: number, limit: number) {
  return filtered(db, filter)
    .select([
      'support_articles.id',
      'support_articles.slug',
      'support_articles.title',
      'support_articles.summary',
      'support_articles.helpful_count',
      'support_articles.not_helpful_count',
      'support_articles.published_at',
      'support_articles.updated_at',
      'categories.id as category_id',
      'categories.slug as category_slug',
      'categories.name as category_name',
      'categories.subtype as category_subtype',
    ])
    .orderBy('categories.position')
    .orderBy('support_articles.position')
    .orderBy('support_articles.id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

export type ArticleListRow = Awaited<ReturnType<typeof listArticles>>[number];

export async function countArticles(db: Db, filter: ArticleFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findArticle(db: Db, by: { id?: number; slug?: string }) {
  let query = filtered(db, {}).selectAll('support_articles');
  if (by.id !== undefined) query = query.where('support_articles.id', '=', by.id);
  if (by.slug !== undefined) query = query.where('support_articles.slug', '=', by.slug);
  return query.executeTakeFirst();
}

export async function voteArticle(db: Db, id: number, helpful: boolean) {
  return db
    .updateTable('support_articles')
    .set((eb) =>
      helpful ? { helpful_count: eb('helpful_count', '+', 1) } : { not_helpful_count: eb('not_helpful_count', '+', 1) },
    )
    .where('id', '=', id)
    .where('is_published', '=', 1)
    .returning(['id', 'helpful_count', 'not_helpful_count'])
    .executeTakeFirst();
}

export function insertArticle(db: Db, article: NewSupportArticle) {
  return db.insertInto('support_articles').values(article).returning('id').executeTakeFirstOrThrow();
}

export function insertRequest(db: Db, request: NewSupportRequest) {
  return db.insertInto('support_requests').values(request).returning(['id', 'status']).executeTakeFirstOrThrow();
}

export function listArticleSlugs(db: Db) {
  return filtered(db, {})
    .select(['support_articles.slug', 'support_articles.updated_at'])
    .orderBy('support_articles.id')
    .execute();
}

// ── The studio's queries: every article, published or not ──

export interface AdminArticleFilter extends TextSearch {
  published?: boolean | undefined;
  categoryId?: number | undefined;
}

function everyArticle(db: Db, filter: AdminArticleFilter) {
  let query = db
    .selectFrom('support_articles')
    .innerJoin('categories', 'categories.id', 'support_articles.category_id');
  if (isSearching(filter)) query = query.where(matchesText(filter, 'support_articles.title', 'support_articles.slug'));
  if (filter.published !== undefined)
    query = query.where('support_articles.is_published', '=', filter.published ? 1 : 0);
  if (filter.categoryId !== undefined) query = query.where('support_articles.category_id', '=', filter.categoryId);
  return query;
}

const ADMIN_ARTICLE_COLUMNS = [
  'support_articles.id',
  'support_articles.category_id',
  'support_articles.slug',
  'support_articles.title',
  'support_articles.summary',
  'support_articles.position',
  'support_articles.is_published',
  'support_articles.published_at',
  'support_articles.updated_at',
  'categories.name as category_name',
  'categories.subtype as category_subtype',
] as const;

export async function searchEveryArticle(db: Db, filter: AdminArticleFilter, window: Window) {
  const rows = await everyArticle(db, filter)
    .select(ADMIN_ARTICLE_COLUMNS)
    .orderBy('support_articles.updated_at', 'desc')
    .orderBy('support_articles.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const { total } = await everyArticle(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

export type AdminArticleRow = Awaited<ReturnType<typeof searchEveryArticle>>['rows'][number];

export function findAnyArticle(db: Db, id: number) {
  return everyArticle(db, {})
    .select([...ADMIN_ARTICLE_COLUMNS, 'support_articles.content'])
    .where('support_articles.id', '=', id)
    .executeTakeFirst();
}

/** Whether another article uses `slug` (help articles: one namespace). */
export async function articleSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('support_articles').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The category an article is filed under, to check that it is a help category. */
export function findCategory(db: Db, id: number) {
  return db.selectFrom('categories').select(['id', 'type']).where('id', '=', id).executeTakeFirst();
}

export async function updateArticle(db: Db, id: number, values: Updateable<SupportArticlesTable>): Promise<void> {
  await db.updateTable('support_articles').set(values).where('id', '=', id).execute();
}

export async function deleteArticle(db: Db, id: number): Promise<void> {
  await db.deleteFrom('support_articles').where('id', '=', id).execute();
}

/** The number of help articles in each of the categories (the studio's category list); a category without any is absent. */
export function countArticlesByCategory(db: Db, categoryIds: number[]) {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('support_articles')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('category_id', 'in', categoryIds)
    .groupBy('category_id')
    .execute();
}

/** Studio content queries: every post, category, hashtag and page, published or not. */
import type { Kysely } from 'kysely';
import { LOCK_SPACE, lockWithinTransaction } from '../../db/connect.ts';
import type { Database, PostType } from '../../db/schema.ts';
import { type Db, isSearching, matchesText, type TextSearch, type Window } from '../../kernel/db/index.ts';

// ── Posts ─────────────────────────────────────────────────────────────────────────────────────

export interface PostFilter extends TextSearch {
  type?: PostType | undefined;
  published?: boolean | undefined;
  categoryId?: number | undefined;
  sort: 'updated' | 'newest' | 'title' | 'views';
}

function filteredPosts(db: Db, filter: PostFilter) {
  let query = db.selectFrom('posts').leftJoin('categories', 'categories.id', 'posts.category_id');
  if (isSearching(filter)) query = query.where(matchesText(filter, 'posts.title', 'posts.slug'));
  if (filter.type) query = query.where('posts.type', '=', filter.type);
  if (filter.published !== undefined) query = query.where('posts.is_published', '=', filter.published ? 1 : 0);
  if (filter.categoryId !== undefined) query = query.where('posts.category_id', '=', filter.categoryId);
  return query;
}

const POST_COLUMNS = [
  'posts.id',
  'posts.type',
  'posts.slug',
  'posts.title',
  'posts.summary',
  'posts.thumbnail',
  'posts.category_id',
  'posts.author_name',
  'posts.is_featured',
  'posts.is_published',
  'posts.view_count',
  'posts.published_at',
  'posts.updated_at',
  'categories.name as category_name',
] as const;

export async function searchPosts(db: Db, filter: PostFilter, window: Window) {
  let query = filteredPosts(db, filter).select(POST_COLUMNS);
  if (filter.sort === 'title') query = query.orderBy('posts.title');
  else if (filter.sort === 'views') query = query.orderBy('posts.view_count', 'desc');
  else if (filter.sort === 'newest') query = query.orderBy('posts.created_at', 'desc');
  else query = query.orderBy('posts.updated_at', 'desc');
  const rows = await query.orderBy('posts.id', 'desc').limit(window.limit).offset(window.offset).execute();
  const { total } = await filteredPosts(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}
export type PostRow = Awaited<ReturnType<typeof searchPosts>>['rows'][number];

export function findPost(db: Db, id: number) {
  return db
    .selectFrom('posts')
    .leftJoin('categories', 'categories.id', 'posts.category_id')
    .select([...POST_COLUMNS, 'posts.content'])
    .where('posts.id', '=', id)
    .executeTakeFirst();
}

/** Post slugs are unique across every content type (news and exam-gate posts share /tin-tuc/). */
export async function postSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('posts').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function setPostTags(db: Kysely<Database>, postId: number, tagIds: number[]): Promise<void> {
  // Two saves of one post at once replace the set one after the other (the last save wins).
  await db.transaction().execute(async (trx) => {
    await lockWithinTransaction(trx, LOCK_SPACE.postTags, postId);
    await trx.deleteFrom('post_tags').where('post_id', '=', postId).execute();
    if (tagIds.length > 0)
      await trx
        .insertInto('post_tags')
        .values([...new Set(tagIds)].map((tagId) => ({ post_id: postId, tag_id: tagId })))
        .execute();
  });
}

// ── Categories ────────────────────────────────────────────────────────────────────────────────

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
      (eb) =>
        eb
          .selectFrom('posts')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('posts.category_id', '=', 'categories.id')
          .as('post_count'),
      (eb) =>
        eb
          .selectFrom('support_articles')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('support_articles.category_id', '=', 'categories.id')
          .as('article_count'),
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

// ── Hashtags ──────────────────────────────────────────────────────────────────────────────────

function filteredTags(db: Db, search: TextSearch) {
  let query = db.selectFrom('tags');
  if (isSearching(search)) query = query.where(matchesText(search, 'tags.name', 'tags.slug'));
  return query;
}

export async function searchTags(db: Db, search: TextSearch, window: Window) {
  const rows = await filteredTags(db, search)
    .select([
      'tags.id',
      'tags.slug',
      'tags.name',
      (eb) =>
        eb
          .selectFrom('post_tags')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('post_tags.tag_id', '=', 'tags.id')
          .as('post_count'),
    ])
    .orderBy('tags.name')
    .orderBy('tags.id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const { total } = await filteredTags(db, search)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

export function findTag(db: Db, by: { id?: number; slug?: string }) {
  let query = db.selectFrom('tags').selectAll();
  if (by.id !== undefined) query = query.where('id', '=', by.id);
  if (by.slug !== undefined) query = query.where('slug', '=', by.slug);
  return query.executeTakeFirst();
}

/** Moves every post of `fromId` to `intoId` (a post already carrying both keeps one), then deletes `fromId`. */
export async function mergeTag(db: Db, fromId: number, intoId: number): Promise<void> {
  const moving = await db.selectFrom('post_tags').select('post_id').where('tag_id', '=', fromId).execute();
  // A post already carrying `intoId` (or given it by a concurrent merge or save) keeps one.
  if (moving.length > 0)
    await db
      .insertInto('post_tags')
      .values(moving.map((row) => ({ post_id: row.post_id, tag_id: intoId })))
      .onConflict((oc) => oc.columns(['post_id', 'tag_id']).doNothing())
      .execute();
  await db.deleteFrom('post_tags').where('tag_id', '=', fromId).execute();
  await db.deleteFrom('tags').where('id', '=', fromId).execute();
}

// ── Pages ─────────────────────────────────────────────────────────────────────────────────────

export interface PageFilter extends TextSearch {
  published?: boolean | undefined;
}

function filteredPages(db: Db, filter: PageFilter) {
  let query = db.selectFrom('pages');
  if (isSearching(filter)) query = query.where(matchesText(filter, 'pages.title', 'pages.slug'));
  if (filter.published !== undefined) query = query.where('pages.is_published', '=', filter.published ? 1 : 0);
  return query;
}

export async function searchPages(db: Db, filter: PageFilter, window: Window) {
  const rows = await filteredPages(db, filter)
    .select(['id', 'slug', 'title', 'description', 'is_published', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const { total } = await filteredPages(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

export function findPage(db: Db, id: number) {
  return db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether `slug` is used by another row of `table` (pages and hashtags: one global namespace each). */
export async function slugTaken(db: Db, table: 'pages' | 'tags', slug: string, exceptId?: number) {
  let query = db.selectFrom(table).select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

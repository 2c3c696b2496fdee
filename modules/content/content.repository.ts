/** Posts of every content type, hashtags, the media list and generic pages: public reads and the studio's. */
import type { Kysely } from 'kysely';
import { LOCK_SPACE, lockWithinTransaction } from '../../db/connect.ts';
import type { Database, NewMedia, NewPost, NewTag, PostType } from '../../db/schema.ts';
import { type Db, isSearching, matchesText, type TextSearch, type Window } from '../../kernel/db/index.ts';

export interface PostFilter {
  types: PostType[];
  categoryIds?: number[];
  tagId?: number;
  featured?: boolean;
  ids?: number[];
  excludeIds?: number[];
}

function filtered(db: Db, filter: PostFilter, now: string) {
  let query = db
    .selectFrom('posts')
    .where('posts.is_published', '=', 1)
    .where('posts.type', 'in', filter.types)
    .where((eb) => eb.or([eb('posts.published_at', 'is', null), eb('posts.published_at', '<=', now)]));
  if (filter.categoryIds) query = query.where('posts.category_id', 'in', filter.categoryIds);
  if (filter.featured) query = query.where('posts.is_featured', '=', 1);
  if (filter.ids) query = query.where('posts.id', 'in', filter.ids.length > 0 ? filter.ids : [-1]);
  if (filter.excludeIds && filter.excludeIds.length > 0) query = query.where('posts.id', 'not in', filter.excludeIds);
  if (filter.tagId !== undefined) {
    const tagId = filter.tagId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('post_tags')
          .select('post_tags.post_id')
          .whereRef('post_tags.post_id', '=', 'posts.id')
          .where('post_tags.tag_id', '=', tagId),
      ),
    );
  }
  return query;
}

export function listPosts(db: Db, filter: PostFilter, now: string, page: number, limit: number) {
  return filtered(db, filter, now)
    .leftJoin('categories', 'categories.id', 'posts.category_id')
    .select([
      'posts.id',
      'posts.type',
      'posts.slug',
      'posts.title',
      'posts.summary',
      'posts.thumbnail',
      'posts.author_name',
      'posts.is_featured',
      'posts.view_count',
      'posts.published_at',
      'posts.updated_at',
      'posts.category_id',
      'categories.slug as category_slug',
      'categories.name as category_name',
    ])
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

export type PostListRow = Awaited<ReturnType<typeof listPosts>>[number];

export async function countPosts(db: Db, filter: PostFilter, now: string): Promise<number> {
  const row = await filtered(db, filter, now)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findPublishedPost(db: Db, types: PostType[], by: { id?: number; slug?: string }, now: string) {
  let query = filtered(db, { types }, now).selectAll('posts');
  if (by.id !== undefined) query = query.where('posts.id', '=', by.id);
  if (by.slug !== undefined) query = query.where('posts.slug', '=', by.slug);
  return query.executeTakeFirst();
}

export async function incrementPostViews(db: Db, id: number): Promise<void> {
  await db
    .updateTable('posts')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export function listTagsOfPosts(db: Db, postIds: number[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('post_tags')
    .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
    .select(['post_tags.post_id', 'tags.id', 'tags.slug', 'tags.name'])
    .where('post_tags.post_id', 'in', postIds)
    .orderBy('tags.name')
    .execute();
}

export function listTagsWithCounts(db: Db, limit: number) {
  return db
    .selectFrom('tags')
    .leftJoin('post_tags', 'post_tags.tag_id', 'tags.id')
    .select(['tags.id', 'tags.slug', 'tags.name', (eb) => eb.fn.count<number>('post_tags.post_id').as('post_count')])
    .groupBy(['tags.id', 'tags.slug', 'tags.name'])
    .orderBy('post_count', 'desc')
    .orderBy('tags.name')
    .limit(limit)
    .execute();
}

export function findTagBySlug(db: Db, slug: string) {
  return db.selectFrom('tags').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export function insertTag(db: Db, tag: NewTag) {
  return db.insertInto('tags').values(tag).returning('id').executeTakeFirstOrThrow();
}

export async function insertPost(db: Db, post: NewPost, tagIds: number[] = []) {
  const { id } = await db.insertInto('posts').values(post).returning('id').executeTakeFirstOrThrow();
  if (tagIds.length > 0) {
    await db
      .insertInto('post_tags')
      .values(tagIds.map((tagId) => ({ post_id: id, tag_id: tagId })))
      .execute();
  }
  return { id };
}

export function listActiveMedia(db: Db, group: string | undefined, page: number, limit: number) {
  let query = db.selectFrom('media').selectAll().where('is_active', '=', 1);
  if (group) query = query.where('group_name', '=', group);
  // The optional index orders first; items without one follow, oldest first.
  return query
    .orderBy((eb) => eb.case().when('sort_index', 'is', null).then(1).else(0).end())
    .orderBy('sort_index')
    .orderBy('id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

export async function countActiveMedia(db: Db, group: string | undefined): Promise<number> {
  let query = db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('is_active', '=', 1);
  if (group) query = query.where('group_name', '=', group);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

export function insertMedia(db: Db, media: NewMedia) {
  return db.insertInto('media').values(media).returning('id').executeTakeFirstOrThrow();
}

export function listPublishedPostPaths(db: Db, now: string) {
  return filtered(db, { types: ['post', 'exam_gate', 'solution'] }, now)
    .select(['posts.type', 'posts.slug', 'posts.updated_at'])
    .orderBy('posts.id')
    .execute();
}

/** Every post of one type, published or not (choices in the studio), newest first. */
export function listPostChoices(db: Db, type: PostType, limit: number) {
  return db
    .selectFrom('posts')
    .select(['id', 'type', 'slug', 'title', 'is_published'])
    .where('type', '=', type)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// ── The studio's posts (drafts included) ─────────────────────────────────────────────────────────────────────────────────────

export interface AdminPostFilter extends TextSearch {
  type?: PostType | undefined;
  published?: boolean | undefined;
  categoryId?: number | undefined;
  sort: 'updated' | 'newest' | 'title' | 'views';
}

function adminPosts(db: Db, filter: AdminPostFilter) {
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

export async function searchAdminPosts(db: Db, filter: AdminPostFilter, window: Window) {
  let query = adminPosts(db, filter).select(POST_COLUMNS);
  if (filter.sort === 'title') query = query.orderBy('posts.title');
  else if (filter.sort === 'views') query = query.orderBy('posts.view_count', 'desc');
  else if (filter.sort === 'newest') query = query.orderBy('posts.created_at', 'desc');
  else query = query.orderBy('posts.updated_at', 'desc');
  const rows = await query.orderBy('posts.id', 'desc').limit(window.limit).offset(window.offset).execute();
  const { total } = await adminPosts(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}
export type AdminPostRow = Awaited<ReturnType<typeof searchAdminPosts>>['rows'][number];

export function findAdminPost(db: Db, id: number) {
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

/** A category a post may be filed under (a catalog table content already joins for its lists). */
export function findPostCategory(db: Db, id: number) {
  return db.selectFrom('categories').select(['id', 'type']).where('id', '=', id).executeTakeFirst();
}

// ── The studio's hashtags ──────────────────────────────────────────────────────────────────────────────────

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

export function findTagOf(db: Db, by: { id?: number; slug?: string }) {
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

// ── The studio's generic pages ─────────────────────────────────────────────────────────────────────────────────────

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

/** Page slugs are one global namespace. */
export async function pageSlugTaken(db: Db, slug: string, exceptId?: number) {
  let query = db.selectFrom('pages').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Hashtag slugs are one global namespace. */
export async function tagSlugTaken(db: Db, slug: string, exceptId?: number) {
  let query = db.selectFrom('tags').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The number of posts in each of the categories (the studio's category list); a category without posts is absent. */
export function countPostsByCategory(db: Db, categoryIds: number[]) {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('posts')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('category_id', 'in', categoryIds)
    .groupBy('category_id')
    .execute();
}

/** Posts of every content type, hashtags and the media list. */
import type { NewMedia, NewPost, NewTag, PostType } from '../../db/schema.ts';
import type { Db } from '../../kernel/db/index.ts';

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

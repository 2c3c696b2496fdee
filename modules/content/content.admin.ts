/**
 * The studio's operations on content: posts (every content type, solutions included), hashtags and,
 * from ./content.admin-pages.ts, generic pages. Content is stored as the sanitiser returns it
 * (SPEC §5). Every write is audited (the studio's audit log, passed in), keeps the post's search
 * document in step (indexed while published) and empties the content cache (the content service's
 * own `invalidate`), so the public pages are current at once.
 */
import type { Kysely } from 'kysely';
import { nowIso, retryOnUniqueViolation } from '../../db/connect.ts';
import type { Database, PostType } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { chooseSlug, iso, isoOrNull, textSearch, windowOf } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { describePostUrl } from '../../lib/content-urls.ts';
import { AppError } from '../../lib/errors.ts';
import { isBlankContent } from '../../lib/text/html-text.ts';
import { slugify } from '../../lib/text/slug.ts';
import { buildPostDocument, deleteSearchDocument, upsertSearchDocument } from '../search/index.ts';
import { createPagesAdmin } from './content.admin-pages.ts';
import type { PostInput } from './content.admin.schemas.ts';
import * as repo from './content.repository.ts';
import type { ContentService } from './content.service.ts';

interface Page {
  page: number;
  limit: number;
}

export interface PostQuery extends Page {
  q?: string | undefined;
  type?: PostType | undefined;
  published?: boolean | undefined;
  categoryId?: number | undefined;
  sort: repo.AdminPostFilter['sort'];
}

export interface ContentAdminDeps<Actor> {
  db: Kysely<Database>;
  sanitize: (html: string) => string;
  /** The content service: its `invalidate` empties the public content pages' cache. */
  content: Pick<ContentService, 'invalidate'>;
  /** Empties the cache of the public generic pages (the site's, which serves them at /{slug}). */
  pagesChanged: () => void;
  /** The studio's audit log (the actor is the studio's: passed on, never read here). */
  audit: AuditLog<Actor>;
}

export type ContentAdmin<Actor> = ReturnType<typeof createContentAdmin<Actor>>;

export function createContentAdmin<Actor>(deps: ContentAdminDeps<Actor>) {
  const { db, sanitize, content, audit } = deps;

  function toPost(row: repo.AdminPostRow, tags: { post_id: number; id: number; slug: string; name: string }[]) {
    return {
      id: row.id,
      type: row.type,
      slug: row.slug,
      url: describePostUrl(row.type, row.slug),
      title: row.title,
      summary: row.summary,
      thumbnail: row.thumbnail,
      category_id: row.category_id,
      category_name: row.category_name,
      author_name: row.author_name,
      is_featured: Boolean(row.is_featured),
      is_published: Boolean(row.is_published),
      view_count: Number(row.view_count),
      tags: tags.filter((t) => t.post_id === row.id).map(({ id, slug, name }) => ({ id, slug, name })),
      published_at: isoOrNull(row.published_at),
      updated_at: iso(row.updated_at),
    };
  }

  async function requirePost(id: number) {
    const row = await repo.findAdminPost(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy bài viết.');
    return row;
  }

  async function postDetail(id: number) {
    const row = await requirePost(id);
    return { ...toPost(row, await repo.listTagsOfPosts(db, [id])), content: row.content };
  }

  /** The search document follows the post: indexed while published, removed otherwise. */
  async function syncPost(id: number) {
    const row = await repo.findAdminPost(db, id);
    if (row?.is_published) await upsertSearchDocument(db, buildPostDocument(row), nowIso());
    else await deleteSearchDocument(db, 'post', id);
    content.invalidate();
  }

  async function listPosts(query: PostQuery) {
    const { rows, total } = await repo.searchAdminPosts(db, { ...query, ...textSearch(query.q) }, windowOf(query));
    const tags = await repo.listTagsOfPosts(
      db,
      rows.map((row) => row.id),
    );
    return { items: rows.map((row) => toPost(row, tags)), total };
  }

  async function postsCsv(query: Omit<PostQuery, 'page' | 'limit'>) {
    const { items } = await listPosts({ ...query, page: 1, limit: 10_000 });
    return toCsv(
      ['id', 'type', 'title', 'url', 'category', 'tags', 'published', 'published_at', 'views', 'updated_at'],
      items.map((p) => [
        p.id,
        p.type,
        p.title,
        p.url,
        p.category_name,
        p.tags.map((t) => t.name).join(', '),
        p.is_published ? 'yes' : 'no',
        p.published_at,
        p.view_count,
        p.updated_at,
      ]),
    );
  }

  /** Hashtag ids for the typed names, creating the new ones (after every name was checked). */
  async function tagIdsFor(names: string[]): Promise<number[]> {
    const named = names.map((name) => ({ name, slug: slugify(name) }));
    const bad = named.find((tag) => !tag.slug);
    if (bad) {
      const message = `Hashtag "${bad.name.slice(0, 30)}" cần có chữ cái hoặc chữ số.`;
      throw new AppError('VALIDATION_FAILED', message, { tags: message });
    }
    const ids: number[] = [];
    for (const { name, slug } of named) {
      // Two saves naming the same new hashtag at once: the second finds the first one's tag.
      if (!(await repo.findTagOf(db, { slug })))
        await db
          .insertInto('tags')
          .values({ slug, name, created_at: nowIso() })
          .onConflict((oc) => oc.column('slug').doNothing())
          .execute();
      ids.push((await repo.findTagOf(db, { slug }))!.id);
    }
    return ids;
  }

  async function postValues(input: PostInput, exceptId?: number) {
    if (input.category_id !== null) {
      const category = await repo.findPostCategory(db, input.category_id);
      if (!category || category.type !== 'post')
        throw new AppError('VALIDATION_FAILED', 'Danh mục không hợp lệ.', { category_id: 'Danh mục không hợp lệ.' });
    }
    const content = sanitize(input.content);
    if (isBlankContent(content))
      throw new AppError('VALIDATION_FAILED', 'Vui lòng nhập nội dung.', { content: 'Vui lòng nhập nội dung.' });
    return {
      type: input.type,
      title: input.title,
      slug: await chooseSlug(input.slug, input.title, 'bai-viet', (slug) => repo.postSlugTaken(db, slug, exceptId)),
      summary: input.summary,
      content,
      thumbnail: input.thumbnail,
      category_id: input.category_id,
      author_name: input.author_name,
      is_featured: input.is_featured ? 1 : 0,
    };
  }

  async function createPost(actor: Actor, input: PostInput) {
    const tagIds = await tagIdsFor(input.tags);
    const now = nowIso();
    // The slug taken by a concurrent save between the check and the insert: chosen again.
    const { values, id } = await retryOnUniqueViolation(async () => {
      const values = await postValues(input);
      const { id } = await db
        .insertInto('posts')
        .values({ ...values, is_published: 0, view_count: 0, published_at: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { values, id };
    });
    await repo.setPostTags(db, id, tagIds);
    await audit(
      actor,
      'post.create',
      { type: 'post', id },
      { title: values.title, type: values.type, slug: values.slug },
    );
    await syncPost(id);
    return postDetail(id);
  }

  async function updatePost(actor: Actor, id: number, input: PostInput) {
    const before = await requirePost(id);
    // Left empty, the slug stays as it is (the address of a published post does not move by itself).
    const tagIds = await tagIdsFor(input.tags);
    const values = await retryOnUniqueViolation(async () => {
      const values = await postValues({ ...input, slug: input.slug ?? before.slug }, id);
      await db
        .updateTable('posts')
        .set({ ...values, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      return values;
    });
    await repo.setPostTags(db, id, tagIds);
    await audit(actor, 'post.update', { type: 'post', id }, { title: values.title, slug: values.slug });
    await syncPost(id);
    return postDetail(id);
  }

  async function setPostPublished(actor: Actor, id: number, published: boolean) {
    const before = await requirePost(id);
    const now = nowIso();
    await db
      .updateTable('posts')
      .set({
        is_published: published ? 1 : 0,
        // The first publication dates the post; publishing again keeps that date.
        published_at: before.published_at ? isoOrNull(before.published_at) : published ? now : null,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await audit(actor, published ? 'post.publish' : 'post.unpublish', { type: 'post', id }, { title: before.title });
    await syncPost(id);
    return postDetail(id);
  }

  async function deletePost(actor: Actor, id: number) {
    const before = await requirePost(id);
    await db.deleteFrom('post_tags').where('post_id', '=', id).execute();
    await db.deleteFrom('posts').where('id', '=', id).execute();
    await audit(actor, 'post.delete', { type: 'post', id }, { title: before.title, slug: before.slug });
    await syncPost(id);
    return { id, deleted: true as const };
  }

  // ── Hashtags ──

  async function listTags(query: Page & { q?: string | undefined }) {
    const { rows, total } = await repo.searchTags(db, textSearch(query.q), windowOf(query));
    return { items: rows.map((row) => ({ ...row, post_count: Number(row.post_count ?? 0) })), total };
  }

  async function tagsCsv(q: string | undefined) {
    const { items } = await listTags({ q, page: 1, limit: 10_000 });
    return toCsv(
      ['id', 'slug', 'name', 'posts'],
      items.map((t) => [t.id, t.slug, t.name, t.post_count]),
    );
  }

  async function requireTag(id: number) {
    const tag = await repo.findTagOf(db, { id });
    if (!tag) throw new AppError('NOT_FOUND', 'Không tìm thấy hashtag.');
    return tag;
  }

  async function saveTag(actor: Actor, id: number | null, input: { name: string; slug: string | null }) {
    if (id !== null) await requireTag(id);
    const { slug, tagId } = await retryOnUniqueViolation(async () => {
      const slug = await chooseSlug(input.slug, input.name, '', (s) => repo.tagSlugTaken(db, s, id ?? undefined));
      if (!slug)
        throw new AppError('VALIDATION_FAILED', 'Tên hashtag cần có chữ cái hoặc chữ số.', {
          name: 'Tên hashtag cần có chữ cái hoặc chữ số.',
        });
      if (id !== null) {
        await db.updateTable('tags').set({ slug, name: input.name }).where('id', '=', id).execute();
        return { slug, tagId: id };
      }
      const inserted = await db
        .insertInto('tags')
        .values({ slug, name: input.name, created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { slug, tagId: inserted.id };
    });
    await audit(
      actor,
      id === null ? 'tag.create' : 'tag.update',
      { type: 'tag', id: tagId },
      { name: input.name, slug },
    );
    content.invalidate();
    return { id: tagId, slug, name: input.name, post_count: 0 };
  }

  async function deleteTag(actor: Actor, id: number) {
    const tag = await requireTag(id);
    await db.deleteFrom('post_tags').where('tag_id', '=', id).execute();
    await db.deleteFrom('tags').where('id', '=', id).execute();
    await audit(actor, 'tag.delete', { type: 'tag', id }, { name: tag.name });
    content.invalidate();
    return { id, deleted: true as const };
  }

  /** The posts of one hashtag move to another, and the first is deleted. */
  async function mergeTag(actor: Actor, id: number, intoId: number) {
    const from = await requireTag(id);
    const into = await requireTag(intoId);
    if (from.id === into.id)
      throw new AppError('VALIDATION_FAILED', 'Hãy chọn một hashtag khác để gộp vào.', {
        into_id: 'Hãy chọn một hashtag khác để gộp vào.',
      });
    await repo.mergeTag(db, from.id, into.id);
    await audit(actor, 'tag.merge', { type: 'tag', id: into.id }, { from: from.name, into: into.name });
    content.invalidate();
    return { id: from.id, deleted: true as const };
  }

  return {
    listPosts,
    postsCsv,
    postDetail,
    createPost,
    updatePost,
    setPostPublished,
    deletePost,
    listTags,
    tagsCsv,
    saveTag,
    deleteTag,
    mergeTag,
    ...createPagesAdmin(deps),
  };
}

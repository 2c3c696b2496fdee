/** Posts of every content type (SPEC §3), hashtags and the media list. */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database, MediaRow, PostType } from '../../db/schema.ts';
import { describePostUrl } from '../../lib/content-urls.ts';
import { AppError } from '../../lib/errors.ts';
import type { Cache } from '../cache/cache.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { SearchService } from '../search/search.service.ts';
import * as repo from './content.repository.ts';

const HOT_TTL_MS = 30_000;
export const POST_TYPES: readonly PostType[] = ['post', 'exam_gate', 'solution', 'landing_page', 'feedback', 'intro'];

export interface TagView {
  id: number;
  slug: string;
  name: string;
}

export interface PostListItem {
  id: number;
  type: PostType;
  slug: string;
  url: string;
  title: string;
  summary: string | null;
  thumbnail: string | null;
  author_name: string | null;
  category: { id: number; slug: string; name: string } | null;
  tags: TagView[];
  is_featured: boolean;
  view_count: number;
  published_at: string | null;
}

export interface PostListQuery {
  type?: PostType | undefined;
  category?: string | undefined;
  tag?: string | undefined;
  featured?: boolean | undefined;
  keyword?: string | undefined;
  page: number;
  limit: number;
}

export type ContentService = ReturnType<typeof createContentService>;

export function createContentService({
  db,
  cache,
  sanitize,
  catalog,
  search,
}: {
  db: Kysely<Database>;
  cache: Cache;
  sanitize: (html: string) => string;
  catalog: CatalogService;
  search: SearchService;
}) {
  async function mapRows(rows: repo.PostListRow[]): Promise<PostListItem[]> {
    const tags = await repo.listTagsOfPosts(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      slug: row.slug,
      url: describePostUrl(row.type, row.slug),
      title: row.title,
      summary: row.summary,
      thumbnail: row.thumbnail,
      author_name: row.author_name,
      category:
        row.category_id !== null && row.category_slug && row.category_name
          ? { id: row.category_id, slug: row.category_slug, name: row.category_name }
          : null,
      tags: tags.filter((tag) => tag.post_id === row.id).map(({ id, slug, name }) => ({ id, slug, name })),
      is_featured: row.is_featured === 1,
      view_count: row.view_count,
      published_at: row.published_at === null ? null : readDate(row.published_at).toISOString(),
    }));
  }

  async function listPosts(query: PostListQuery): Promise<{ items: PostListItem[]; total: number }> {
    return cache.wrap(`content:posts:${JSON.stringify(query)}`, HOT_TTL_MS, async () => {
      const filter: repo.PostFilter = { types: [query.type ?? 'post'] };
      if (query.category) {
        const category = await catalog.findCategory('post', query.category);
        if (!category) throw new AppError('NOT_FOUND', 'Không tìm thấy danh mục tin tức');
        filter.categoryIds = [category.id];
      }
      if (query.tag) {
        const tag = await repo.findTagBySlug(db, query.tag);
        if (!tag) throw new AppError('NOT_FOUND', 'Không tìm thấy hashtag');
        filter.tagId = tag.id;
      }
      if (query.featured) filter.featured = true;
      if (query.keyword?.trim()) filter.ids = await search.findIds(query.keyword, 'post');
      const now = nowIso();
      const [rows, total] = await Promise.all([
        repo.listPosts(db, filter, now, query.page, query.limit),
        repo.countPosts(db, filter, now),
      ]);
      return { items: await mapRows(rows), total };
    });
  }

  /** A published post with its sanitised content, hashtags and related posts of the same category. */
  async function getPost(by: { id?: number | undefined; slug?: string | undefined; types?: PostType[] | undefined }) {
    const types = by.types ?? [...POST_TYPES];
    const now = nowIso();
    const row = await repo.findPublishedPost(
      db,
      types,
      { ...(by.id !== undefined ? { id: by.id } : {}), ...(by.slug !== undefined ? { slug: by.slug } : {}) },
      now,
    );
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy bài viết');
    await repo.incrementPostViews(db, row.id);
    return cache.wrap(`content:post:${row.id}`, HOT_TTL_MS, async () => {
      const [item] = await mapRows(await repo.listPosts(db, { types: [row.type], ids: [row.id] }, now, 1, 1));
      const relatedFilter: repo.PostFilter = { types: [row.type], excludeIds: [row.id] };
      if (row.category_id !== null) relatedFilter.categoryIds = [row.category_id];
      const related = await mapRows(await repo.listPosts(db, relatedFilter, now, 1, 4));
      return {
        ...item!,
        content: sanitize(row.content),
        updated_at: readDate(row.updated_at).toISOString(),
        related,
      };
    });
  }

  async function listTags(limit: number): Promise<Array<TagView & { post_count: number }>> {
    return cache.wrap(`content:tags:${limit}`, HOT_TTL_MS, async () =>
      (await repo.listTagsWithCounts(db, limit)).map((row) => ({ ...row, post_count: Number(row.post_count) })),
    );
  }

  async function getTag(slug: string): Promise<TagView> {
    const tag = await repo.findTagBySlug(db, slug);
    if (!tag) throw new AppError('NOT_FOUND', 'Không tìm thấy hashtag');
    return { id: tag.id, slug: tag.slug, name: tag.name };
  }

  async function listMedia(group: string | undefined, page: number, limit: number) {
    return cache.wrap(`content:media:${group ?? ''}:${page}:${limit}`, HOT_TTL_MS, async () => {
      const [rows, total] = await Promise.all([
        repo.listActiveMedia(db, group, page, limit),
        repo.countActiveMedia(db, group),
      ]);
      return { items: rows.map(mapMedia), total };
    });
  }

  /** Posts of a type to link elsewhere (an exam_gate post to its contest), drafts included. */
  async function postChoices(type: PostType, limit = 200) {
    return (await repo.listPostChoices(db, type, limit)).map((row) => ({
      id: row.id,
      title: row.title,
      url: describePostUrl(row.type, row.slug),
      published: row.is_published === 1,
    }));
  }

  return {
    listPosts,
    getPost,
    postChoices,
    listTags,
    getTag,
    listMedia,
    listPaths: () => repo.listPublishedPostPaths(db, nowIso()),
    invalidate: () => cache.invalidate('content:'),
  };
}

function mapMedia(row: MediaRow) {
  return {
    id: row.id,
    group: row.group_name,
    title: row.title,
    url: row.url,
    link_url: row.link_url,
    description: row.description,
    index: row.sort_index,
  };
}

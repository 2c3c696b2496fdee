/**
 * Factories for posts (every content type), hashtags, media and help articles. Posts and help
 * articles are indexed for search as they are written. Shared by tests and seed.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/connect.ts';
import type { Database, NewMedia, NewPost, NewSupportArticle, NewTag } from '../../db/schema.ts';
import { slugify } from '../../lib/text/slug.ts';
import * as contentRepo from '../../modules/content/content.repository.ts';
import { buildPostDocument, buildSupportDocument } from '../../modules/search/documents.ts';
import { upsertSearchDocument } from '../../modules/search/search.repository.ts';
import * as supportRepo from '../../modules/support/support.repository.ts';

let sequence = 0;
const next = () => ++sequence;

export async function createTag(db: Kysely<Database>, overrides: Partial<NewTag> = {}) {
  const n = next();
  const name = overrides.name ?? `chude${n}`;
  const tag: NewTag = { slug: slugify(name) || `tag-${n}`, name, created_at: nowIso(), ...overrides };
  const { id } = await contentRepo.insertTag(db, tag);
  return { ...tag, id };
}

export async function createPost(db: Kysely<Database>, overrides: Partial<NewPost> = {}, tagIds: number[] = []) {
  const n = next();
  const now = nowIso();
  const title = overrides.title ?? `Bài viết ${n}`;
  const post: NewPost = {
    type: 'post',
    category_id: null,
    slug: `${slugify(title)}-${n}`,
    title,
    summary: `Tóm tắt ${title}`,
    content: `<p>Nội dung ${title}</p>`,
    thumbnail: null,
    author_name: 'Ban biên tập',
    is_featured: 0,
    is_published: 1,
    view_count: 0,
    published_at: new Date(Date.now() - n * 3_600_000).toISOString(),
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  const { id } = await contentRepo.insertPost(db, post, tagIds);
  if (post.is_published !== 0) {
    await upsertSearchDocument(
      db,
      buildPostDocument({
        id,
        type: post.type,
        slug: post.slug,
        title: post.title,
        summary: post.summary ?? null,
        content: post.content,
        thumbnail: post.thumbnail ?? null,
        published_at: post.published_at ?? null,
      }),
      now,
    );
  }
  return { ...post, id };
}

export async function createMedia(db: Kysely<Database>, overrides: Partial<NewMedia> = {}) {
  const n = next();
  const now = nowIso();
  const media: NewMedia = {
    group_name: 'partner',
    title: `Đối tác ${n}`,
    url: `/uploads/media-${n}.svg`,
    link_url: null,
    description: null,
    sort_index: null,
    is_active: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  const { id } = await contentRepo.insertMedia(db, media);
  return { ...media, id };
}

export async function createSupportArticle(
  db: Kysely<Database>,
  overrides: Partial<NewSupportArticle> & { category_id: number },
  subtype: string | null = null,
) {
  const n = next();
  const now = nowIso();
  const title = overrides.title ?? `Câu hỏi ${n}`;
  const article: NewSupportArticle = {
    slug: `${slugify(title)}-${n}`,
    title,
    summary: null,
    content: `<p>Trả lời cho ${title}</p>`,
    position: n,
    helpful_count: 0,
    not_helpful_count: 0,
    is_published: 1,
    published_at: now,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  const { id } = await supportRepo.insertArticle(db, article);
  if (article.is_published !== 0) {
    await upsertSearchDocument(
      db,
      buildSupportDocument({
        id,
        slug: article.slug,
        title: article.title,
        summary: article.summary ?? null,
        content: article.content,
        subtype,
        published_at: article.published_at ?? null,
      }),
      now,
    );
  }
  return { ...article, id };
}

/**
 * The studio's content pages share one list page and one editor page; the kind comes from the
 * path: /studio/bai-viet (posts of every type), /studio/giai-phap (solutions), /studio/tro-giup
 * (help articles), /studio/trang (generic pages). Each kind parses its forms and filters with the
 * API's zod schemas, so the pages and /api/admin/… accept and refuse exactly the same input.
 */
import { data, type AppLoadContext } from 'react-router';
import * as contentSchemas from '../../../modules/content/public';
import * as studioSchemas from '../../../modules/support/public';
import type { Actor } from '../../../modules/studio/studio.service';
import { isFormState, parseForm, type FormState } from '../../forms.server';
import { POST_TYPE_TEXT } from '../../components/studio/content-text';

export { POST_TYPE_TEXT };

export type ContentKind = 'bai-viet' | 'giai-phap' | 'tro-giup' | 'trang';

export const KIND_TEXT: Record<ContentKind, { title: string; one: string; api: string }> = {
  'bai-viet': { title: 'Bài viết', one: 'bài viết', api: '/api/admin/posts.json' },
  'giai-phap': { title: 'Giải pháp', one: 'giải pháp', api: '/api/admin/posts.json' },
  'tro-giup': { title: 'Trợ giúp', one: 'bài trợ giúp', api: '/api/admin/support-articles.json' },
  trang: { title: 'Trang nội dung', one: 'trang', api: '/api/admin/pages.json' },
};

/** The kind of the page at this URL (/studio/{kind}/…). */
export function kindOf(request: Request): ContentKind {
  const segment = new URL(request.url).pathname.split('/')[2] ?? '';
  if (segment in KIND_TEXT) return segment as ContentKind;
  throw data({ message: 'Không tìm thấy trang.' }, { status: 404 });
}

/** Every editable field of each kind (kept and shown again after an error). */
export const KIND_FIELDS: Record<ContentKind, string[]> = {
  'bai-viet': [
    'type',
    'title',
    'slug',
    'summary',
    'content',
    'thumbnail',
    'category_id',
    'author_name',
    'is_featured',
    'tags',
  ],
  'giai-phap': ['title', 'slug', 'summary', 'content', 'thumbnail', 'author_name', 'tags'],
  'tro-giup': ['category_id', 'title', 'slug', 'summary', 'content', 'position'],
  trang: ['title', 'slug', 'description', 'content'],
};

export interface ListRow {
  id: number;
  title: string;
  detail: string;
  url: string;
  is_published: boolean;
  updated_at: string;
}

const published = (status: 'published' | 'draft' | undefined) =>
  status === undefined ? undefined : status === 'published';

function parse<T extends import('zod').ZodType>(schema: T, input: unknown) {
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw data({ message: parsed.error.issues[0]?.message ?? 'Bộ lọc không hợp lệ.' }, { status: 400 });
  return parsed.data as import('zod').infer<T>;
}

/** The list of one kind, filtered by the URL's query. */
export async function listOf(kind: ContentKind, search: Record<string, string>, context: AppLoadContext) {
  const { contentAdmin, supportAdmin } = context.services;
  if (kind === 'bai-viet' || kind === 'giai-phap') {
    const query = parse(contentSchemas.postsQuery, kind === 'giai-phap' ? { ...search, type: 'solution' } : search);
    const { items, total } = await contentAdmin.listPosts({
      ...query,
      published: published(query.status),
      categoryId: query.category_id,
    });
    const rows: ListRow[] = items.map((p) => ({
      ...p,
      detail: [POST_TYPE_TEXT[p.type], p.category_name, p.tags.map((t) => `#${t.name}`).join(' ')]
        .filter(Boolean)
        .join(' · '),
    }));
    return { rows, total, page: query.page, limit: query.limit };
  }
  if (kind === 'tro-giup') {
    const query = parse(studioSchemas.articlesQuery, search);
    const { items, total } = await supportAdmin.listArticles({
      ...query,
      published: published(query.status),
      categoryId: query.category_id,
    });
    return { rows: items.map((a) => ({ ...a, detail: a.category_name })), total, page: query.page, limit: query.limit };
  }
  const query = parse(contentSchemas.pagesQuery, search);
  const { items, total } = await contentAdmin.listPages({ ...query, published: published(query.status) });
  return { rows: items.map((p) => ({ ...p, detail: p.url })), total, page: query.page, limit: query.limit };
}

/** Categories a kind's items may belong to. */
export async function categoriesOf(kind: ContentKind, context: AppLoadContext) {
  if (kind === 'trang' || kind === 'giai-phap') return [];
  const type = kind === 'tro-giup' ? 'support' : 'post';
  return (await context.services.studioCategories.listCategories(type, undefined)).map((c) => ({
    id: c.id,
    name: c.name,
  }));
}

export interface EditorItem {
  id: number | null;
  values: Record<string, string>;
  url: string | null;
  is_published: boolean;
}

/** One item as the editor's form values; `null` id for a new one. */
export async function loadItem(kind: ContentKind, id: number | null, context: AppLoadContext): Promise<EditorItem> {
  const { contentAdmin, supportAdmin } = context.services;
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  if (id === null)
    return { id: null, values: { type: kind === 'giai-phap' ? 'solution' : 'post' }, url: null, is_published: false };
  const item =
    kind === 'tro-giup'
      ? await supportAdmin.articleDetail(id)
      : kind === 'trang'
        ? await contentAdmin.pageDetail(id)
        : await contentAdmin.postDetail(id);
  const values = Object.fromEntries(Object.entries(item).map(([key, value]) => [key, text(value)]));
  if ('tags' in item) values.tags = item.tags.map((t) => t.name).join(', ');
  if ('is_featured' in item) values.is_featured = item.is_featured ? '1' : '';
  return { id, values, url: item.url, is_published: item.is_published };
}

/** Parses the form with the API's schema and saves it: the saved item's id, or the form's errors. */
export async function saveItem(
  kind: ContentKind,
  id: number | null,
  values: Record<string, string>,
  actor: Actor,
  context: AppLoadContext,
): Promise<FormState | { id: number }> {
  const { contentAdmin, supportAdmin } = context.services;
  if (kind === 'tro-giup') {
    const input = parseForm(studioSchemas.articleInput, values);
    return isFormState(input) ? input : supportAdmin.saveArticle(actor, id, input);
  }
  if (kind === 'trang') {
    const input = parseForm(contentSchemas.pageInput, values);
    return isFormState(input) ? input : contentAdmin.savePage(actor, id, input);
  }
  const input = parseForm(contentSchemas.postInput, kind === 'giai-phap' ? { ...values, type: 'solution' } : values);
  if (isFormState(input)) return input;
  return id === null ? contentAdmin.createPost(actor, input) : contentAdmin.updatePost(actor, id, input);
}

export function publishItem(kind: ContentKind, id: number, on: boolean, actor: Actor, context: AppLoadContext) {
  const { contentAdmin, supportAdmin } = context.services;
  if (kind === 'tro-giup') return supportAdmin.setArticlePublished(actor, id, on);
  if (kind === 'trang') return contentAdmin.setPagePublished(actor, id, on);
  return contentAdmin.setPostPublished(actor, id, on);
}

export function deleteItem(kind: ContentKind, id: number, actor: Actor, context: AppLoadContext) {
  const { contentAdmin, supportAdmin } = context.services;
  if (kind === 'tro-giup') return supportAdmin.deleteArticle(actor, id);
  if (kind === 'trang') return contentAdmin.deletePage(actor, id);
  return contentAdmin.deletePost(actor, id);
}

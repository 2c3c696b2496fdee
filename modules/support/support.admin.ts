/**
 * The studio's operations on help articles: lists (CSV too), details, saves, publishing and
 * deletion. Content is stored sanitised; every write is audited (the studio's audit log, passed in)
 * and keeps the article's search document in step (indexed while published) and the help centre's
 * cache current.
 */
import type { Kysely } from 'kysely';
import { nowIso, retryOnUniqueViolation } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { chooseSlug, iso, isoOrNull, textSearch, windowOf } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { describeSupportUrl } from '../../lib/content-urls.ts';
import { AppError } from '../../lib/errors.ts';
import { isBlankContent } from '../../lib/text/html-text.ts';
import type { Cache } from '../cache/index.ts';
import { buildSupportDocument, deleteSearchDocument, upsertSearchDocument } from '../search/index.ts';
import * as repo from './support.repository.ts';

export interface AdminArticleQuery {
  page: number;
  limit: number;
  q?: string | undefined;
  published?: boolean | undefined;
  categoryId?: number | undefined;
}

/** A help article as the studio's form sends it (support.admin.schemas.ts `articleInput`). */
export interface ArticleAdminInput {
  category_id: number;
  title: string;
  slug: string | null;
  summary: string | null;
  content: string;
  position: number;
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

function toArticle(row: repo.AdminArticleRow) {
  return {
    id: row.id,
    category_id: row.category_id,
    category_name: row.category_name,
    slug: row.slug,
    url: describeSupportUrl(row.slug),
    title: row.title,
    summary: row.summary,
    position: Number(row.position),
    is_published: Boolean(row.is_published),
    published_at: isoOrNull(row.published_at),
    updated_at: iso(row.updated_at),
  };
}

export type SupportAdmin<Actor = unknown> = ReturnType<typeof createSupportAdmin<Actor>>;

export function createSupportAdmin<Actor>(deps: {
  db: Kysely<Database>;
  cache: Cache;
  sanitize: (html: string) => string;
  audit: AuditLog<Actor>;
}) {
  const { db, cache, sanitize, audit } = deps;

  function cleanContent(html: string): string {
    const content = sanitize(html);
    if (isBlankContent(content)) throw invalid('content', 'Vui lòng nhập nội dung.');
    return content;
  }

  async function listArticles(query: AdminArticleQuery) {
    const filter = { ...textSearch(query.q), published: query.published, categoryId: query.categoryId };
    const { rows, total } = await repo.searchEveryArticle(db, filter, windowOf(query));
    return { items: rows.map(toArticle), total };
  }

  async function articlesCsv(query: Omit<AdminArticleQuery, 'page' | 'limit'>) {
    const { items } = await listArticles({ ...query, page: 1, limit: 10_000 });
    return toCsv(
      ['id', 'title', 'url', 'category', 'published', 'updated_at'],
      items.map((a) => [a.id, a.title, a.url, a.category_name, a.is_published ? 'yes' : 'no', a.updated_at]),
    );
  }

  async function articleDetail(id: number) {
    const row = await repo.findAnyArticle(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy bài trợ giúp.');
    return { ...toArticle(row), content: row.content };
  }

  async function syncArticle(id: number) {
    const row = await repo.findAnyArticle(db, id);
    if (row?.is_published)
      await upsertSearchDocument(db, buildSupportDocument({ ...row, subtype: row.category_subtype }), nowIso());
    else await deleteSearchDocument(db, 'support', id);
    cache.invalidate('support:');
  }

  async function saveArticle(actor: Actor, id: number | null, input: ArticleAdminInput) {
    const before = id === null ? null : await articleDetail(id);
    const category = await repo.findCategory(db, input.category_id);
    if (!category || category.type !== 'support') throw invalid('category_id', 'Danh mục không hợp lệ.');
    // A concurrent save taking the slug between the check and the write: chosen again.
    const { values, articleId } = await retryOnUniqueViolation(async () => {
      const values = {
        category_id: input.category_id,
        title: input.title,
        slug: await chooseSlug(input.slug ?? before?.slug ?? null, input.title, 'tro-giup', (s) =>
          repo.articleSlugTaken(db, s, id ?? undefined),
        ),
        summary: input.summary,
        content: cleanContent(input.content),
        position: input.position,
        updated_at: nowIso(),
      };
      let articleId: number | null = id;
      if (articleId === null)
        articleId = (
          await repo.insertArticle(db, {
            ...values,
            is_published: 0,
            published_at: null,
            created_at: values.updated_at,
          })
        ).id;
      else await repo.updateArticle(db, articleId, values);
      return { values, articleId };
    });
    await audit(
      actor,
      id === null ? 'support_article.create' : 'support_article.update',
      { type: 'support_article', id: articleId },
      { title: values.title, slug: values.slug },
    );
    await syncArticle(articleId);
    return articleDetail(articleId);
  }

  async function setArticlePublished(actor: Actor, id: number, published: boolean) {
    const before = await articleDetail(id);
    const now = nowIso();
    await repo.updateArticle(db, id, {
      is_published: published ? 1 : 0,
      published_at: before.published_at ?? (published ? now : null),
      updated_at: now,
    });
    const action = published ? 'support_article.publish' : 'support_article.unpublish';
    await audit(actor, action, { type: 'support_article', id }, { title: before.title });
    await syncArticle(id);
    return articleDetail(id);
  }

  async function deleteArticle(actor: Actor, id: number) {
    const before = await articleDetail(id);
    await repo.deleteArticle(db, id);
    await audit(actor, 'support_article.delete', { type: 'support_article', id }, { title: before.title });
    await syncArticle(id);
    return { id, deleted: true as const };
  }

  return { listArticles, articlesCsv, articleDetail, saveArticle, setArticlePublished, deleteArticle };
}

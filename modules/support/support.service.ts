/** The help centre (articles by product / policy / guide category), helpful votes, and support requests. */
import type { Kysely } from 'kysely';
import { nowIso, readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { describeSupportUrl } from '../../lib/content-urls.ts';
import { AppError } from '../../lib/errors.ts';
import type { Cache } from '../cache/cache.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { SearchService } from '../search/search.service.ts';
import * as repo from './support.repository.ts';
import { normalizePhone, type ContactInput } from './support.schemas.ts';

const HOT_TTL_MS = 30_000;
export const SUPPORT_NOT_FOUND = 'Không tìm thấy bài viết hỗ trợ';

export interface SupportListQuery {
  category?: string | undefined;
  type?: 'product' | 'policy' | 'guide' | undefined;
  keyword?: string | undefined;
  page: number;
  limit: number;
}

function mapArticle(row: repo.ArticleListRow) {
  return {
    id: row.id,
    slug: row.slug,
    url: describeSupportUrl(row.slug),
    title: row.title,
    summary: row.summary,
    category: { id: row.category_id, slug: row.category_slug, name: row.category_name, subtype: row.category_subtype },
    helpful_count: row.helpful_count,
    not_helpful_count: row.not_helpful_count,
    published_at: row.published_at === null ? null : readDate(row.published_at).toISOString(),
  };
}

export type SupportArticleItem = ReturnType<typeof mapArticle>;
export type SupportService = ReturnType<typeof createSupportService>;

export function createSupportService({
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
  async function listArticles(query: SupportListQuery): Promise<{ items: SupportArticleItem[]; total: number }> {
    const filter: repo.ArticleFilter = {};
    if (query.category) {
      const category = await catalog.findCategory('support', query.category);
      if (!category) throw new AppError('NOT_FOUND', 'Không tìm thấy danh mục hỗ trợ');
      filter.categoryIds = [category.id];
    } else if (query.type) {
      filter.categoryIds = (await catalog.listCategories('support'))
        .filter((category) => category.subtype === query.type)
        .map((category) => category.id);
    }
    if (query.keyword?.trim()) {
      // Relevance order from the search index, then the usual filters.
      const ids = await search.findIds(query.keyword, 'support');
      const rows = await repo.listArticles(db, { ...filter, ids }, 1, 400);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const ordered = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
      const start = (query.page - 1) * query.limit;
      return { items: ordered.slice(start, start + query.limit).map(mapArticle), total: ordered.length };
    }
    return cache.wrap(`support:list:${JSON.stringify(query)}`, HOT_TTL_MS, async () => {
      const [rows, total] = await Promise.all([
        repo.listArticles(db, filter, query.page, query.limit),
        repo.countArticles(db, filter),
      ]);
      return { items: rows.map(mapArticle), total };
    });
  }

  async function getArticle(by: { id?: number | undefined; slug?: string | undefined }) {
    const row = await repo.findArticle(db, {
      ...(by.id !== undefined ? { id: by.id } : {}),
      ...(by.slug !== undefined ? { slug: by.slug } : {}),
    });
    if (!row) throw new AppError('NOT_FOUND', SUPPORT_NOT_FOUND);
    return cache.wrap(`support:article:${row.id}`, HOT_TTL_MS, async () => {
      const [item] = await repo.listArticles(db, { ids: [row.id] }, 1, 1);
      const related = await repo.listArticles(db, { categoryIds: [row.category_id], excludeIds: [row.id] }, 1, 5);
      return {
        ...mapArticle(item!),
        content: sanitize(row.content),
        updated_at: readDate(row.updated_at).toISOString(),
        related: related.map(mapArticle),
      };
    });
  }

  /** "Was this helpful?": counts a yes or a no and returns the new totals. */
  async function voteArticle(id: number, helpful: boolean) {
    const row = await repo.voteArticle(db, id, helpful);
    if (!row) throw new AppError('NOT_FOUND', SUPPORT_NOT_FOUND);
    cache.invalidate(`support:article:${id}`);
    return row;
  }

  async function createContactRequest(input: ContactInput, viewerId: number | null) {
    const now = nowIso();
    const row = await repo.insertRequest(db, {
      kind: 'contact',
      user_id: viewerId,
      full_name: input.full_name.normalize('NFC'),
      phone: input.phone ? normalizePhone(input.phone) : null,
      email: input.email ? input.email.toLowerCase() : null,
      title: input.title ? input.title.normalize('NFC') : null,
      content: input.content.normalize('NFC'),
      path: null,
      status: 'new',
      created_at: now,
      updated_at: now,
    });
    return { id: row.id, status: row.status };
  }

  /** The navigation report of SPEC §7 "Other calls" 1: `info` is base64 of the current path. */
  async function recordCellularVisit(info: string, viewerId: number | null) {
    const path = Buffer.from(info, 'base64').toString('utf8');
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    if (!path.startsWith('/') || path.length > 2000 || /[\u0000-\u001f]/.test(path)) {
      throw new AppError('VALIDATION_FAILED', 'Đường dẫn không hợp lệ.', { info: 'Đường dẫn không hợp lệ.' });
    }
    const now = nowIso();
    const row = await repo.insertRequest(db, {
      kind: 'cellular',
      user_id: viewerId,
      path,
      status: 'new',
      created_at: now,
      updated_at: now,
    });
    return { id: row.id };
  }

  return {
    listArticles,
    getArticle,
    voteArticle,
    createContactRequest,
    recordCellularVisit,
    listSlugs: () => repo.listArticleSlugs(db),
    invalidate: () => cache.invalidate('support:'),
  };
}

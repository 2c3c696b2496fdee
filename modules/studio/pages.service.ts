/**
 * Studio categories (of posts and of help articles) and generic pages. Content is stored sanitised;
 * every write is audited and empties the caches of what it changes. Help articles themselves are
 * support's (modules/support/support.admin.ts).
 */
import type { Kysely } from 'kysely';
import { nowIso, retryOnUniqueViolation } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { chooseSlug, iso, textSearch, windowOf } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { isBlankContent } from '../../lib/text/html-text.ts';
import type { Cache } from '../cache/index.ts';
import type { CategoryInput, PageInput } from './content.schemas.ts';
import * as repo from './content.repository.ts';
import type { Actor, Page, StudioService } from './studio.service.ts';

/**
 * First path segments the site's own routes use (app/routes.ts): a generic page at /{slug} must
 * not hide one of them.
 */
export const RESERVED_PAGE_SLUGS = new Set(
  (
    'api studio tai-khoan dang-xuat dang-ky dang-nhap doi-mat-khau quen-mat-khau-step-2 register-otp ' +
    'kiem-tra-sdt robots sitemap chung-chi 404 active callback cong-thi danh-muc giai-phap giang-vien-hidden ' +
    'gio-hang gioi-thieu ho-tro-khach-hang khoa-hoc lien-he m mycourse tim-kiem verified verify-change-email ' +
    'tin-tuc danh-muc-tin-tuc hashtag vao-hoc mobienglish lm uploads assets __dev'
  ).split(' '),
);

export interface PageQuery extends Page {
  q?: string | undefined;
  published?: boolean | undefined;
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

export type StudioPagesService = ReturnType<typeof createStudioPagesService>;

export function createStudioPagesService(deps: {
  db: Kysely<Database>;
  cache: Cache;
  sanitize: (html: string) => string;
  audit: StudioService['audit'];
}) {
  const { db, cache, sanitize, audit } = deps;

  function cleanContent(html: string): string {
    const content = sanitize(html);
    if (isBlankContent(content)) throw invalid('content', 'Vui lòng nhập nội dung.');
    return content;
  }

  // ── Categories ──

  async function listCategories(type: 'post' | 'support' | undefined, q: string | undefined) {
    const rows = await repo.listCategories(db, type, textSearch(q));
    return rows.map(({ post_count, article_count, ...row }) => ({
      ...row,
      position: Number(row.position),
      is_active: Boolean(row.is_active),
      item_count: Number(post_count ?? 0) + Number(article_count ?? 0),
    }));
  }

  async function categoriesCsv(type: 'post' | 'support' | undefined, q: string | undefined) {
    return toCsv(
      ['id', 'type', 'subtype', 'slug', 'name', 'position', 'active', 'items'],
      (await listCategories(type, q)).map((c) => [
        c.id,
        c.type,
        c.subtype,
        c.slug,
        c.name,
        c.position,
        c.is_active ? 'yes' : 'no',
        c.item_count,
      ]),
    );
  }

  async function requireCategory(id: number) {
    const category = await repo.findCategory(db, id);
    if (!category || category.type === 'course') throw new AppError('NOT_FOUND', 'Không tìm thấy danh mục.');
    return category;
  }

  async function saveCategory(actor: Actor, id: number | null, input: CategoryInput) {
    if (id !== null) {
      const before = await requireCategory(id);
      if (before.type !== input.type) throw invalid('type', 'Không thể đổi loại của một danh mục đã có.');
    }
    // A concurrent save taking the slug between the check and the write: chosen again.
    const { slug, categoryId } = await retryOnUniqueViolation(async () => {
      const slug = await chooseSlug(input.slug, input.name, 'danh-muc', (s) =>
        repo.categorySlugTaken(db, input.type, s, id ?? undefined),
      );
      const values = {
        type: input.type,
        subtype: input.subtype,
        name: input.name,
        slug,
        description: input.description,
        position: input.position,
        is_active: input.is_active ? 1 : 0,
        updated_at: nowIso(),
      };
      let categoryId: number | null = id;
      if (categoryId === null)
        categoryId = (
          await db
            .insertInto('categories')
            .values({ ...values, parent_id: null, icon: null, created_at: values.updated_at })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      else await db.updateTable('categories').set(values).where('id', '=', categoryId).execute();
      return { slug, categoryId };
    });
    await audit(
      actor,
      id === null ? 'category.create' : 'category.update',
      { type: 'category', id: categoryId },
      {
        name: input.name,
        type: input.type,
        slug,
      },
    );
    invalidateAll();
    return (await listCategories(input.type, undefined)).find((c) => c.id === categoryId)!;
  }

  async function deleteCategory(actor: Actor, id: number) {
    const category = await requireCategory(id);
    const [used] = (await listCategories(category.type as 'post', undefined)).filter((c) => c.id === id);
    if (used && used.item_count > 0)
      throw new AppError(
        'BUSINESS_RULE',
        `Danh mục còn ${used.item_count} bài viết. Hãy chuyển chúng sang danh mục khác hoặc tắt danh mục.`,
      );
    await db.deleteFrom('categories').where('id', '=', id).execute();
    await audit(actor, 'category.delete', { type: 'category', id }, { name: category.name });
    invalidateAll();
    return { id, deleted: true as const };
  }

  function invalidateAll() {
    cache.invalidate('catalog:');
    cache.invalidate('content:');
    cache.invalidate('support:');
  }

  // ── Generic pages ──

  async function listPages(query: PageQuery) {
    const filter = { ...textSearch(query.q), published: query.published };
    const { rows, total } = await repo.searchPages(db, filter, windowOf(query));
    const items = rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      url: `/${row.slug}`,
      title: row.title,
      description: row.description,
      is_published: Boolean(row.is_published),
      updated_at: iso(row.updated_at),
    }));
    return { items, total };
  }

  async function pagesCsv(query: Omit<PageQuery, 'page' | 'limit'>) {
    const { items } = await listPages({ ...query, page: 1, limit: 10_000 });
    return toCsv(
      ['id', 'title', 'url', 'published', 'updated_at'],
      items.map((p) => [p.id, p.title, p.url, p.is_published ? 'yes' : 'no', p.updated_at]),
    );
  }

  async function pageDetail(id: number) {
    const row = await repo.findPage(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy trang.');
    return {
      id: row.id,
      slug: row.slug,
      url: `/${row.slug}`,
      title: row.title,
      description: row.description,
      content: row.content,
      is_published: Boolean(row.is_published),
      updated_at: iso(row.updated_at),
    };
  }

  async function savePage(actor: Actor, id: number | null, input: PageInput) {
    const before = id === null ? null : await pageDetail(id);
    // A concurrent save taking the slug between the check and the write: chosen again.
    const { slug, pageId } = await retryOnUniqueViolation(async () => {
      const slug = await chooseSlug(input.slug ?? before?.slug ?? null, input.title, 'trang', async (s) =>
        RESERVED_PAGE_SLUGS.has(s) ? true : repo.slugTaken(db, 'pages', s, id ?? undefined),
      );
      const values = {
        slug,
        title: input.title,
        description: input.description,
        content: cleanContent(input.content),
        updated_at: nowIso(),
      };
      let pageId: number | null = id;
      if (pageId === null)
        pageId = (
          await db
            .insertInto('pages')
            .values({ ...values, is_published: 0, created_at: values.updated_at })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      else await db.updateTable('pages').set(values).where('id', '=', pageId).execute();
      return { slug, pageId };
    });
    await audit(
      actor,
      id === null ? 'page.create' : 'page.update',
      { type: 'page', id: pageId },
      { title: input.title, slug },
    );
    cache.invalidate('site:');
    return pageDetail(pageId);
  }

  async function setPagePublished(actor: Actor, id: number, published: boolean) {
    const before = await pageDetail(id);
    await db
      .updateTable('pages')
      .set({ is_published: published ? 1 : 0, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await audit(actor, published ? 'page.publish' : 'page.unpublish', { type: 'page', id }, { title: before.title });
    cache.invalidate('site:');
    return pageDetail(id);
  }

  async function deletePage(actor: Actor, id: number) {
    const before = await pageDetail(id);
    await db.deleteFrom('pages').where('id', '=', id).execute();
    await audit(actor, 'page.delete', { type: 'page', id }, { title: before.title });
    cache.invalidate('site:');
    return { id, deleted: true as const };
  }

  return {
    listCategories,
    categoriesCsv,
    saveCategory,
    deleteCategory,
    listPages,
    pagesCsv,
    pageDetail,
    savePage,
    setPagePublished,
    deletePage,
  };
}

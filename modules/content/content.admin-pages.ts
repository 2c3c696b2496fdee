/**
 * The studio's generic pages (/{slug}): lists (CSV too), details, saves, publishing and deletion.
 * Content is stored sanitised; every write is audited (the studio's audit log, passed in) and
 * empties the cache of the public pages (`pagesChanged`, the site's: it serves them).
 */
import type { Kysely } from 'kysely';
import { nowIso, retryOnUniqueViolation } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { chooseSlug, iso, textSearch, windowOf } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { isBlankContent } from '../../lib/text/html-text.ts';
import type { PageInput } from './content.admin.schemas.ts';
import * as repo from './content.repository.ts';

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

export interface PageQuery {
  page: number;
  limit: number;
  q?: string | undefined;
  published?: boolean | undefined;
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

export function createPagesAdmin<Actor>(deps: {
  db: Kysely<Database>;
  sanitize: (html: string) => string;
  pagesChanged: () => void;
  audit: AuditLog<Actor>;
}) {
  const { db, sanitize, pagesChanged, audit } = deps;

  function cleanContent(html: string): string {
    const content = sanitize(html);
    if (isBlankContent(content)) throw invalid('content', 'Vui lòng nhập nội dung.');
    return content;
  }

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
        RESERVED_PAGE_SLUGS.has(s) ? true : repo.pageSlugTaken(db, s, id ?? undefined),
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
    pagesChanged();
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
    pagesChanged();
    return pageDetail(id);
  }

  async function deletePage(actor: Actor, id: number) {
    const before = await pageDetail(id);
    await db.deleteFrom('pages').where('id', '=', id).execute();
    await audit(actor, 'page.delete', { type: 'page', id }, { title: before.title });
    pagesChanged();
    return { id, deleted: true as const };
  }

  return { listPages, pagesCsv, pageDetail, savePage, setPagePublished, deletePage };
}

/**
 * The studio's categories of posts and of help articles. Every write is audited and empties the
 * caches of what it changes. The number of posts and of help articles in each category is asked of
 * content and support (`CategoryCountsPort`, filled by the composition root): a category still
 * holding items cannot be deleted.
 */
import type { Kysely } from 'kysely';
import { nowIso, retryOnUniqueViolation } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { chooseSlug, textSearch } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import type { Cache } from '../cache/index.ts';
import * as repo from './catalog.admin-categories.repository.ts';
import type { CategoryInput } from './catalog.admin-categories.schemas.ts';

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/** How many posts (content's) and help articles (support's) each of the categories holds; absent = none. */
export interface CategoryCountsPort {
  posts(categoryIds: number[]): Promise<{ category_id: number | null; n: number }[]>;
  articles(categoryIds: number[]): Promise<{ category_id: number | null; n: number }[]>;
}

export type CategoriesAdmin<Actor> = ReturnType<typeof createCategoriesAdmin<Actor>>;

export function createCategoriesAdmin<Actor>(deps: {
  db: Kysely<Database>;
  cache: Cache;
  counts: CategoryCountsPort;
  /** The studio's audit log (the actor is the studio's: passed on, never read here). */
  audit: AuditLog<Actor>;
}) {
  const { db, cache, counts, audit } = deps;

  async function listCategories(type: 'post' | 'support' | undefined, q: string | undefined) {
    const rows = await repo.listCategories(db, type, textSearch(q));
    const ids = rows.map((row) => row.id);
    const items = new Map<number, number>();
    for (const { category_id, n } of [...(await counts.posts(ids)), ...(await counts.articles(ids))])
      if (category_id !== null) items.set(category_id, (items.get(category_id) ?? 0) + Number(n));
    return rows.map((row) => ({
      ...row,
      position: Number(row.position),
      is_active: Boolean(row.is_active),
      item_count: items.get(row.id) ?? 0,
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

  return { listCategories, categoriesCsv, saveCategory, deleteCategory };
}

/**
 * Part of the composition root: the studio's categories are the catalog's, and the number of items
 * in each is asked of their owners — posts of content, help articles of support.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AuditLog } from '../kernel/auth/index.ts';
import type { Cache } from './cache/index.ts';
import { createCategoriesAdmin } from './catalog/index.ts';
import { countPostsByCategory } from './content/index.ts';
import { countArticlesByCategory } from './support/index.ts';

export function createStudioCategories<Actor>(deps: { db: Kysely<Database>; cache: Cache; audit: AuditLog<Actor> }) {
  const { db } = deps;
  return createCategoriesAdmin({
    ...deps,
    counts: {
      posts: (ids) => countPostsByCategory(db, ids),
      articles: (ids) => countArticlesByCategory(db, ids),
    },
  });
}

/** The slug a saved row gets: the one typed, or one made from its title and made unique. */
import { AppError } from '../../lib/errors.ts';
import { slugify } from '../../lib/text/slug.ts';

export const SLUG_TAKEN = 'Đường dẫn này đã được dùng. Vui lòng chọn đường dẫn khác.';

/**
 * The slug to store: the one typed (refused when taken), or one made from the title, made unique
 * with -2, -3…
 */
export async function chooseSlug(
  typed: string | null,
  title: string,
  fallback: string,
  taken: (slug: string) => Promise<boolean>,
): Promise<string> {
  if (typed) {
    if (await taken(typed)) throw new AppError('CONFLICT', SLUG_TAKEN, { slug: SLUG_TAKEN });
    return typed;
  }
  const base = slugify(title) || fallback;
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base.slice(0, 110)}-${n}`;
    if (!(await taken(slug))) return slug;
  }
}

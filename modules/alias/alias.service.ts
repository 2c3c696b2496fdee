/**
 * alias.json: resolves a slug or a two-segment path to its entity and canonical URL. The catch-all
 * page of SPEC §2 (exactly two segments) resolves through it.
 */
import { describeCourseUrl, describePostUrl, describeSupportUrl } from '../../lib/content-urls.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import type { CatalogService, CourseService } from '../catalog/index.ts';
import type { ContentService } from '../content/index.ts';
import type { SiteService } from '../site/index.ts';
import type { SupportService } from '../support/index.ts';

export type AliasType =
  'course' | 'course_category' | 'post' | 'post_category' | 'solution' | 'support' | 'teacher' | 'hashtag' | 'page';

export interface AliasTarget {
  type: AliasType;
  id: number | null;
  slug: string;
  title: string;
  url: string;
}

async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export type AliasService = ReturnType<typeof createAliasService>;

export function createAliasService(deps: {
  catalog: CatalogService;
  course: CourseService;
  content: ContentService;
  support: SupportService;
  site: SiteService;
}) {
  const { catalog, course, content, support, site } = deps;

  const resolvers: Record<string, (slug: string) => Promise<AliasTarget | null>> = {
    'khoa-hoc': async (slug) => {
      const found = await orNull(() => course.getCourseDetails({ slug }));
      return found ? { type: 'course', id: found.id, slug, title: found.title, url: describeCourseUrl(slug) } : null;
    },
    'danh-muc': async (slug) => {
      const found = await catalog.findCategory('course', slug);
      return found
        ? { type: 'course_category', id: found.id, slug, title: found.name, url: `/danh-muc/${slug}` }
        : null;
    },
    'tin-tuc': async (slug) => {
      const found = await orNull(() => content.getPost({ slug, types: ['post', 'exam_gate'] }));
      return found ? { type: 'post', id: found.id, slug, title: found.title, url: found.url } : null;
    },
    'danh-muc-tin-tuc': async (slug) => {
      const found = await catalog.findCategory('post', slug);
      return found
        ? { type: 'post_category', id: found.id, slug, title: found.name, url: `/danh-muc-tin-tuc/${slug}` }
        : null;
    },
    'giai-phap': async (slug) => {
      const found = await orNull(() => content.getPost({ slug, types: ['solution'] }));
      return found
        ? { type: 'solution', id: found.id, slug, title: found.title, url: describePostUrl('solution', slug) }
        : null;
    },
    'ho-tro-khach-hang': async (slug) => {
      const found = await orNull(() => support.getArticle({ slug }));
      return found ? { type: 'support', id: found.id, slug, title: found.title, url: describeSupportUrl(slug) } : null;
    },
    'giang-vien-hidden': async (slug) => {
      const found = await orNull(() => catalog.getTeacher({ slug }));
      return found
        ? { type: 'teacher', id: found.id, slug, title: found.full_name, url: `/giang-vien-hidden/${slug}` }
        : null;
    },
    hashtag: async (slug) => {
      const found = await orNull(() => content.getTag(slug));
      return found ? { type: 'hashtag', id: found.id, slug, title: `#${found.name}`, url: `/hashtag/${slug}` } : null;
    },
  };
  const ORDER = [
    'khoa-hoc',
    'danh-muc',
    'tin-tuc',
    'danh-muc-tin-tuc',
    'ho-tro-khach-hang',
    'giai-phap',
    'giang-vien-hidden',
  ];

  /** One slug: a course, a category, a post, a help article, a solution, a teacher, then a generic page. */
  async function resolveSlug(slug: string): Promise<AliasTarget | null> {
    for (const prefix of ORDER) {
      const found = await resolvers[prefix]!(slug);
      if (found) return found;
    }
    const page = await site.findPage(slug);
    return page ? { type: 'page', id: null, slug, title: page.title, url: `/${slug}` } : null;
  }

  async function resolve(path: string): Promise<AliasTarget> {
    const segments = path
      .split(/[?#]/)[0]!
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        try {
          return decodeURIComponent(segment);
        } catch {
          return segment;
        }
      });
    let found: AliasTarget | null = null;
    if (segments.length === 1) found = await resolveSlug(segments[0]!);
    else if (segments.length === 2) {
      const [first, second] = segments as [string, string];
      const direct = resolvers[first];
      if (direct) found = await direct(second);
      else {
        // {category}/{entity}: a course in a course category, a post in a news category, else the entity alone.
        found = await resolveSlug(second);
        if (!found) found = await resolvers['giai-phap']!(`${first}/${second}`);
      }
    } else if (segments.length > 2 && segments[0] === 'giai-phap') {
      found = await resolvers['giai-phap']!(segments.slice(1).join('/'));
    }
    if (!found) throw new AppError('NOT_FOUND', 'Không tìm thấy đường dẫn');
    return found;
  }

  return { resolve };
}

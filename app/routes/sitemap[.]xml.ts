import { absoluteUrl } from '../seo';
import type { Route } from './+types/sitemap[.]xml';

/** Past this many URLs the sitemap becomes an index of pages (sitemaps.org limit). */
export const SITEMAP_PAGE_SIZE = 50_000;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function isoDate(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString().slice(0, 10);
}

async function collectUrls(context: Route.LoaderArgs['context']): Promise<Array<{ path: string; lastmod?: string }>> {
  const { course, content, support, catalog, exams } = context.services;
  const [courses, posts, articles, courseCategories, postCategories, tags, contests] = await Promise.all([
    course.listSlugs(),
    content.listPaths(),
    support.listSlugs(),
    catalog.listCategories('course'),
    catalog.listCategories('post'),
    content.listTags(100),
    exams.list({}),
  ]);
  const urls: Array<{ path: string; lastmod?: string }> = [
    '/',
    '/khoa-hoc',
    '/tin-tuc',
    '/ho-tro-khach-hang',
    '/giai-phap',
    '/cong-thi',
    '/gioi-thieu',
    '/lien-he',
  ].map((path) => ({ path }));
  for (const category of courseCategories) urls.push({ path: `/danh-muc/${category.slug}` });
  for (const category of postCategories) urls.push({ path: `/danh-muc-tin-tuc/${category.slug}` });
  for (const tag of tags) urls.push({ path: `/hashtag/${tag.slug}` });
  for (const row of courses) urls.push({ path: `/khoa-hoc/${row.slug}`, lastmod: isoDate(row.updated_at) });
  for (const row of posts) {
    urls.push({
      path: row.type === 'solution' ? `/giai-phap/${row.slug}` : `/tin-tuc/${row.slug}`,
      lastmod: isoDate(row.updated_at),
    });
  }
  for (const row of articles) urls.push({ path: `/ho-tro-khach-hang/${row.slug}`, lastmod: isoDate(row.updated_at) });
  for (const contest of contests) urls.push({ path: `/cong-thi/${contest.slug}` });
  return urls;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const publicUrl = context.config.publicUrl;
  const urls = await collectUrls(context);
  const pageParam = new URL(request.url).searchParams.get('page');
  const pages = Math.ceil(urls.length / SITEMAP_PAGE_SIZE);
  const headers = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };
  if (pages > 1 && pageParam === null) {
    const items = Array.from(
      { length: pages },
      (_, index) =>
        `<sitemap><loc>${escapeXml(absoluteUrl(publicUrl, `/sitemap.xml?page=${index + 1}`))}</loc></sitemap>`,
    );
    return new Response(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join('')}</sitemapindex>`,
      { headers },
    );
  }
  const page = Math.max(1, Number.parseInt(pageParam ?? '1', 10) || 1);
  if (page > Math.max(pages, 1))
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const slice = urls.slice((page - 1) * SITEMAP_PAGE_SIZE, page * SITEMAP_PAGE_SIZE);
  const body = slice
    .map(
      (url) =>
        `<url><loc>${escapeXml(absoluteUrl(publicUrl, encodeURI(url.path)))}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>`,
    { headers },
  );
}

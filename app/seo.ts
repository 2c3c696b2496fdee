/**
 * Server-rendered SEO and sharing tags on top of buildMeta's title rule: description, canonical,
 * Open Graph, Twitter card and JSON-LD (schema.org) blocks.
 */
import type { MetaDescriptor } from 'react-router';
import { buildMeta } from './meta';
import type { PublicConfig } from './context';

interface MatchLike {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

export interface SeoOptions {
  title?: string | undefined;
  description?: string | null | undefined;
  /** Path of the canonical URL, e.g. `/khoa-hoc/abc` (query strings that only sort or page are left out). */
  path: string;
  image?: string | null | undefined;
  type?: 'website' | 'article' | 'product' | undefined;
  jsonLd?: Array<Record<string, unknown>> | undefined;
  noindex?: boolean | undefined;
}

function findConfig(matches: ReadonlyArray<MatchLike | undefined>): PublicConfig | undefined {
  const root = matches.find((match) => match?.id === 'root');
  return ((root?.loaderData ?? root?.data) as { config?: PublicConfig } | undefined)?.config;
}

export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Plain text of at most 160 characters for a meta description. */
export function toDescription(text: string | null | undefined): string | undefined {
  const plain = text
    ?.replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return undefined;
  return plain.length > 160 ? `${plain.slice(0, 157).replace(/\s+\S*$/, '')}…` : plain;
}

export function buildSeoMeta(matches: ReadonlyArray<MatchLike | undefined>, options: SeoOptions): MetaDescriptor[] {
  const config = findConfig(matches);
  const publicUrl = config?.publicUrl ?? '';
  const base = buildMeta(matches, { title: options.title, description: toDescription(options.description) });
  const title = (base.find((item) => 'title' in item) as { title: string } | undefined)?.title ?? '';
  const description =
    (base.find((item) => 'name' in item && item.name === 'description') as { content: string } | undefined)?.content ??
    '';
  const canonical = absoluteUrl(publicUrl, options.path);
  const image = options.image ? absoluteUrl(publicUrl, options.image) : undefined;
  const tags: MetaDescriptor[] = [
    ...base,
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:site_name', content: config?.siteName ?? 'Khai Trí' },
    { property: 'og:locale', content: 'vi_VN' },
    { property: 'og:type', content: options.type === 'article' ? 'article' : 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (image) tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
  if (options.noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  for (const block of options.jsonLd ?? [])
    tags.push({ 'script:ld+json': { '@context': 'https://schema.org', ...block } });
  return tags;
}

/** BreadcrumbList for a trail of [name, path] pairs. */
export function breadcrumbLd(publicUrl: string, trail: Array<[string, string]>): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: absoluteUrl(publicUrl, path),
    })),
  };
}

/** The public URL from the root loader data (for JSON-LD built in meta functions). */
export function readPublicUrl(matches: ReadonlyArray<MatchLike | undefined>): string {
  return findConfig(matches)?.publicUrl ?? '';
}

/**
 * Page titles are '{page title} | {product}'; a default brand title and description apply when a
 * page gives none (SPEC §2).
 */
import type { MetaDescriptor } from 'react-router';
import type { PublicConfig } from './context';

interface MatchLike {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

export interface PageMeta {
  title?: string | undefined;
  description?: string | undefined;
}

function findConfig(matches: ReadonlyArray<MatchLike | undefined>): PublicConfig | undefined {
  const root = matches.find((match) => match?.id === 'root');
  const data = (root?.loaderData ?? root?.data) as { config?: PublicConfig } | undefined;
  return data?.config;
}

export function formatTitle(pageTitle: string | undefined, siteName: string): string {
  const trimmed = pageTitle?.trim();
  return trimmed ? `${trimmed} | ${siteName}` : `${siteName} — Học trực tuyến mọi lúc, mọi nơi`;
}

export function buildMeta(matches: ReadonlyArray<MatchLike | undefined>, page: PageMeta): MetaDescriptor[] {
  const config = findConfig(matches);
  const siteName = config?.siteName ?? 'Khai Trí';
  const description = page.description?.trim() || config?.siteDescription || '';
  return [{ title: formatTitle(page.title, siteName) }, { name: 'description', content: description }];
}

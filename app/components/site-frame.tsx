import type { ReactNode } from 'react';
import { useMatches, useRouteLoaderData } from 'react-router';
import type { RootData } from '../root';
import { usePersonal } from './personal';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, main landmark and footer: the frame of the default, blog and profile layouts. */
export function SiteFrame({ layout, children }: { layout: string; children: ReactNode }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const siteName = root?.config.siteName ?? 'Khai Trí';
  // On a page shared by signed-in learners, the header's bits come from /ca-nhan.json.
  const personal = usePersonal();
  // A page that shows the cart (and may just have added to it) knows the count better than the root.
  const pageCount = useMatches()
    .map((match) => (match.data as { cartCount?: unknown } | undefined)?.cartCount)
    .findLast((value) => typeof value === 'number') as number | undefined;
  return (
    <div data-layout={layout} className="flex min-h-dvh flex-col">
      <a href="#noi-dung" className="skip-link">
        Bỏ qua menu, tới nội dung chính
      </a>
      <SiteHeader
        items={root?.navigation.header ?? []}
        viewer={root?.viewer ?? personal.bits?.viewer ?? null}
        signingIn={personal.shared && !personal.bits?.viewer}
        unread={personal.bits?.unreadNotifications ?? root?.unreadNotifications ?? 0}
        cartCount={pageCount ?? personal.bits?.cartCount ?? root?.cartCount ?? 0}
        siteName={siteName}
      />
      <main id="noi-dung" className="flex-1">
        {children}
      </main>
      <SiteFooter groups={root?.navigation.footer ?? []} banners={root?.footerBanners ?? []} siteName={siteName} />
    </div>
  );
}

import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { AnalyticsScript } from './components/shell/analytics-script';
import { ErrorScreen } from './components/shell/error-screen';
import { NavigationProgress } from './components/shell/navigation-progress';
import { PersonalProvider } from './components/personal';
import { ShellEffects } from './components/shell/shell-effects';
import { SiteFrame } from './components/site-frame';
import { useNonce } from './components/nonce';
import { buildMeta } from './meta';
import { loadHeaderBits } from './viewer.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, config, signedIn } = context;
  const [navigation, banners, header] = await Promise.all([
    services.site.getNavigation(),
    services.site.listBanners({ placements: [7], signedIn }),
    loadHeaderBits(request, context),
  ]);
  return data({
    config,
    ...header,
    /** True with a null viewer on a page shared by signed-in learners: the header bits come from /ca-nhan.json. */
    signedIn,
    navigation,
    footerBanners: banners[7] ?? [],
  });
}

/** The site's stylesheet, also for pages rendered without React (the 503 page while the database is away). */
export const handle = { stylesheets: [stylesheet] };

export type RootData = Awaited<ReturnType<typeof loader>>['data'];

/** Site-wide data changes rarely: reload it after a form submission, not on every click. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
  currentUrl,
  nextUrl,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined && formMethod !== 'GET') return defaultShouldRevalidate;
  // An explicit revalidation (a new avatar) or a link to the page already shown refreshes it too.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  // Entering or leaving the account area refreshes who is signed in and the unread count; the cart
  // and the checkout refresh the cart count.
  return (
    currentUrl.pathname.startsWith('/tai-khoan') !== nextUrl.pathname.startsWith('/tai-khoan') ||
    nextUrl.pathname.startsWith('/tai-khoan/thong-bao') ||
    nextUrl.pathname.startsWith('/gio-hang')
  );
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, {});

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  // iOS takes the home-screen icon from here, not from the manifest (decision 0015).
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="vi">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0b5fff" />
        <meta name="apple-mobile-web-app-title" content="Khai Trí" />
        {/* First, ahead of the script preloads: on a slow phone the page paints once this arrives. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {root?.config.analytics ? <AnalyticsScript nonce={nonce} {...root.config.analytics} /> : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ShellEffects buildCheckIntervalSeconds={loaderData.config.buildCheckIntervalSeconds} />
      <NavigationProgress />
      <PersonalProvider>
        <Outlet />
      </PersonalProvider>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>('root');
  let screen: React.ReactNode;
  if (isRouteErrorResponse(error)) {
    const message =
      typeof error.data === 'object' && error.data !== null && 'message' in error.data
        ? String((error.data as { message: unknown }).message)
        : typeof error.data === 'string' && error.data
          ? error.data
          : error.statusText;
    screen = <ErrorScreen status={error.status} message={message} />;
  } else {
    screen = <ErrorScreen status={500} message="Đã có lỗi xảy ra." error={error} />;
  }
  // The error screen keeps the site's frame and the shell's effects (404 flag, cookies, build check).
  return (
    <>
      <ShellEffects buildCheckIntervalSeconds={root?.config.buildCheckIntervalSeconds ?? 300} />
      <SiteFrame layout="error">{screen}</SiteFrame>
    </>
  );
}

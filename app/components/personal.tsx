/**
 * The viewer's own bits on a page that signed-in learners share (server/http/page-cache.ts): such a
 * page is rendered for nobody in particular (the root's `signedIn` is true, its `viewer` null), so
 * after hydration the browser asks /ca-nhan.json for the header's bits and the page's personal part,
 * again after each navigation or revalidation. Until they arrive the header shows a neutral account
 * link. Pages rendered for one viewer carry their bits already and ask nothing.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import type { RootData } from '../root';
import type { HeaderBits } from '../viewer.server';

export interface PersonalBits extends HeaderBits {
  /** The page's personal part (app/viewer.server.ts loadPagePersonal), for `path`. */
  page: Record<string, unknown> | null;
}

interface Personal {
  /** A shared page shown to someone signed in: their bits come (or came) from /ca-nhan.json. */
  shared: boolean;
  bits: PersonalBits | null;
  /** The page (pagePersonalKey) the bits' page part belongs to. */
  path: string | null;
  /** The page (pagePersonalKey) whose bits could not be fetched (offline, server error); null otherwise. */
  failedPath: string | null;
  /** Asks for the bits again (after a failure). */
  retry(): void;
}

const PersonalContext = createContext<Personal>({
  shared: false,
  bits: null,
  path: null,
  failedPath: null,
  retry: () => undefined,
});

export function PersonalProvider({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { pathname, search } = useLocation();
  // The page whose personal part is asked: a study page's depends on its lesson (`?bai=`) too.
  const page = pagePersonalKey(pathname, search);
  const shared = Boolean(root?.signedIn && !root.viewer);
  const [loaded, setLoaded] = useState<{ bits: PersonalBits; path: string } | null>(null);
  // The path whose bits the last try could not fetch, and which try that was ("Thử lại" starts another).
  const [failed, setFailed] = useState<{ path: string; attempt: number } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!shared) return;
    const controller = new AbortController();
    fetch(`/ca-nhan.json?trang=${encodeURIComponent(page)}`, { signal: controller.signal, cache: 'no-store' })
      .then((response) => {
        if (!response.ok) throw new Error(`/ca-nhan.json answered ${response.status}`);
        return response.json() as Promise<PersonalBits>;
      })
      .then((bits) => setLoaded({ bits, path: page }))
      .catch(() => {
        if (!controller.signal.aborted) setFailed({ path: page, attempt });
      });
    return () => controller.abort();
    // `root` too: a revalidation (after a form) may have changed the cart or the unread count.
  }, [shared, page, root, attempt]);
  return (
    <PersonalContext.Provider
      value={{
        shared,
        bits: shared ? (loaded?.bits ?? null) : null,
        path: loaded?.path ?? null,
        failedPath: failed?.attempt === attempt ? failed.path : null,
        retry: () => setAttempt((count) => count + 1),
      }}
    >
      {children}
    </PersonalContext.Provider>
  );
}

/** The viewer's bits when this is a shared page shown to someone signed in (null until they arrive). */
export function usePersonal(): Personal {
  return useContext(PersonalContext);
}

/** This page's personal part from /ca-nhan.json, once it has arrived for the current path. */
export function usePagePersonal<T>(): Partial<T> | null {
  const { bits, path } = usePersonal();
  const { pathname, search } = useLocation();
  return bits && path === pagePersonalKey(pathname, search) ? (bits.page as Partial<T> | null) : null;
}

/** Whether the current page's personal part could not be fetched (offline, a server error). */
export function usePagePersonalFailed(): boolean {
  const { failedPath } = usePersonal();
  const { pathname, search } = useLocation();
  return failedPath !== null && failedPath === pagePersonalKey(pathname, search);
}

/** The page a personal part belongs to: the path, and for a study page its lesson (`?bai=`). */
export function pagePersonalKey(pathname: string, search: string): string {
  if (!pathname.startsWith('/vao-hoc/')) return pathname;
  const lesson = new URLSearchParams(search).get('bai');
  return lesson ? `${pathname}?bai=${encodeURIComponent(lesson)}` : pathname;
}

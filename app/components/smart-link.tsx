import { useSyncExternalStore, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { describeLink } from '../../lib/links';
import type { RootData } from '../root';

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

function readConnection(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation & EventTarget }).connection;
}

function subscribeToConnection(onChange: () => void): () => void {
  const connection = readConnection() as (NetworkInformation & EventTarget) | undefined;
  connection?.addEventListener?.('change', onChange);
  return () => connection?.removeEventListener?.('change', onChange);
}

/** Prefetch on intent, except on slow-2g or with data saver on (SPEC §9). */
export function usePrefetchMode(): 'intent' | 'none' {
  return useSyncExternalStore(
    subscribeToConnection,
    () => {
      const connection = readConnection();
      return connection && (connection.effectiveType === 'slow-2g' || connection.saveData) ? 'none' : 'intent';
    },
    () => 'intent',
  );
}

type SmartLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> & {
  href: string | null | undefined;
  children: ReactNode;
};

/**
 * A link that follows SPEC §5: unsafe or empty targets become '#'; absolute links on our own origin
 * open in the same tab, other absolute links in a new one; site paths navigate client-side.
 */
export function SmartLink({ href, children, ...rest }: SmartLinkProps) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const prefetch = usePrefetchMode();
  const origin = root ? new URL(root.config.publicUrl).origin : '';
  const link = describeLink(href, origin);
  if (link.href.startsWith('/') && !link.href.startsWith('//')) {
    return (
      <Link to={link.href} prefetch={prefetch} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link.href} target={link.target} rel={link.rel} {...rest}>
      {children}
    </a>
  );
}

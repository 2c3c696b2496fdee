/**
 * The waiting page's live state: polls the order's transfer status (GET /api/user/order/transfer.json)
 * every few seconds while it waits for money, pauses while the browser is offline and checks again
 * as soon as it is back, and counts down to the order's deadline.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

export interface TransferStatus {
  code: string;
  state: 'waiting' | 'underpaid' | 'paid' | 'expired' | 'cancelled' | 'refund_pending';
  total: number;
  received: number;
  missing: number;
  expires_at: string;
  seconds_left: number;
}

/** loading: the first check after the page loaded; error: the last check failed (it retries). */
export type Connection = 'loading' | 'live' | 'error' | 'offline';

const POLL_MS = 3_000;
const WAITING = new Set<TransferStatus['state']>(['waiting', 'underpaid']);

const subscribeToNothing = () => () => {};

/** True once the page runs in the browser (false in the server's render and the first client render). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

export function useTransferStatus(initial: TransferStatus) {
  const [status, setStatus] = useState(initial);
  const [connection, setConnection] = useState<Connection>(WAITING.has(initial.state) ? 'loading' : 'live');
  // null until hydrated: the server's render and the first client render show the same countdown.
  const [now, setNow] = useState<number | null>(null);
  const kick = useRef<() => void>(() => {});
  const code = initial.code;
  const waiting = WAITING.has(initial.state);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;

    async function check(): Promise<TransferStatus | null> {
      if (!navigator.onLine) {
        setConnection('offline');
        return null;
      }
      try {
        const response = await fetch(`/api/user/order/transfer.json?code=${encodeURIComponent(code)}`, {
          headers: { accept: 'application/json' },
          credentials: 'same-origin',
          cache: 'no-store',
        });
        if (!response.ok) throw new Error(String(response.status));
        const next = ((await response.json()) as { data: TransferStatus }).data;
        setStatus(next);
        setConnection('live');
        return next;
      } catch {
        setConnection(navigator.onLine ? 'error' : 'offline');
        return null;
      }
    }

    function schedule(delay: number) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(async () => {
        const next = await check();
        if (!stopped && (!next || WAITING.has(next.state))) schedule(POLL_MS);
      }, delay);
    }

    kick.current = () => schedule(0);
    if (waiting) schedule(0);
    const online = () => schedule(0);
    const offline = () => setConnection('offline');
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      clearInterval(tick);
    };
  }, [code, waiting]);

  const secondsLeft =
    now === null ? status.seconds_left : Math.max(0, Math.floor((new Date(status.expires_at).getTime() - now) / 1000));
  return { status, connection, secondsLeft, checkNow: () => kick.current() };
}

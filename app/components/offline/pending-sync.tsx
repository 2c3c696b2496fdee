import { useSyncExternalStore } from 'react';
import { pendingCount, subscribeOffline } from './offline-flags';

/** "Đang chờ đồng bộ": how many offline actions (progress, notes, quiz answers) wait for the network. */
export function PendingSync() {
  const pending = useSyncExternalStore(subscribeOffline, pendingCount, () => 0);
  if (pending === 0) return null;
  return (
    <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="pending-sync">
      Đang chờ đồng bộ: {pending} thao tác (sẽ gửi khi có mạng)
    </p>
  );
}

/**
 * What the device does at each connection (issue 21, parts 4 and 5), loaded only when it has
 * downloads or queued work: the queue of offline actions goes to `sync.json` in its order, and every
 * licence is checked (`licences/check.json`) — a download whose licence is expired, revoked (a
 * refund, an ended enrolment) or invalid is deleted from the device; a valid one is renewed.
 */
import { callApi } from '../learning/api-client';
import { deviceId, newOpId } from './offline-flags';
import { addOp, listDownloads, listOps, putDownload, removeDownload, removeOps, type QueuedOp } from './offline-store';

/** The sync endpoint takes at most 200 ops at once. */
const BATCH = 100;

type OpInput = QueuedOp extends infer Op
  ? Op extends QueuedOp
    ? Omit<Op, 'op_id' | 'client_time' | 'seq'>
    : never
  : never;

/** Queues something done offline; it is sent at the next connection (now, if the network is back). */
export async function queueOp(op: OpInput): Promise<void> {
  await addOp({ ...op, op_id: newOpId(), client_time: Date.now() } as QueuedOp);
  void registerBackgroundSync();
  if (navigator.onLine) void flushQueue();
}

/** Background Sync where the browser has it: the worker wakes the page's flush when online. */
async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.ready) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await registration?.sync?.register('kt-offline-sync');
  } catch {
    // Not supported or refused: the `online` event and the next page load send the queue.
  }
}

let flushing: Promise<void> | null = null;

/** Sends the queue in order; sent ops (applied, replayed or refused for good) leave the queue. */
export function flushQueue(): Promise<void> {
  flushing ??= (async () => {
    try {
      for (;;) {
        const ops = (await listOps()).slice(0, BATCH);
        if (ops.length === 0) return;
        const { data } = await callApi<{ results: { op_id: string; status: string }[] }>(
          '/api/user/offline/sync.json',
          { method: 'POST', body: { device_id: deviceId(), ops } },
        );
        const finished = new Set(data.results.filter((result) => result.status !== 'pending').map((r) => r.op_id));
        await removeOps(ops.filter((op) => finished.has(op.op_id)).map((op) => op.seq));
        if (finished.size < ops.length) return;
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** Checks every licence on the device; downloads that may no longer stay are deleted. */
export async function checkLicences(): Promise<{ removed: number }> {
  const downloads = await listDownloads();
  if (downloads.length === 0) return { removed: 0 };
  const { data } = await callApi<{
    licences: { licence: string; state: string; expires_at?: string }[];
  }>('/api/user/offline/licences/check.json', {
    method: 'POST',
    body: { device_id: deviceId(), licences: downloads.map((record) => record.licence) },
  });
  let removed = 0;
  // The answers come in the order of the licences sent; a valid one carries its renewal.
  for (const [index, answer] of data.licences.entries()) {
    const record = downloads[index];
    if (!record) continue;
    if (answer.state === 'valid') {
      await putDownload({ ...record, licence: answer.licence, expires_at: answer.expires_at ?? record.expires_at });
    } else {
      await removeDownload(record.lesson_id);
      removed += 1;
    }
  }
  return { removed };
}

/** At each connection: the queue first (it may need the enrolment the check could end), then licences. */
export async function onConnection(): Promise<void> {
  await flushQueue().catch(() => undefined);
  await checkLicences().catch(() => undefined);
}

/**
 * What the device does at each connection (issue 21, parts 4 and 5), loaded only when it has
 * downloads or queued work: the queue of offline actions goes to `sync.json` in its order, and every
 * licence is checked (`licences/check.json`) — a download whose licence is expired, revoked (a
 * refund, an ended enrolment) or invalid is deleted from the device; a valid one is renewed.
 */
import { licenceOwner } from '../../../lib/offline-licence';
import { callApi } from '../learning/api-client';
import { deviceId, newOpId, offlineLearner, setOfflineLearner } from './offline-flags';
import {
  addOp,
  getDownload,
  listDownloads,
  listOps,
  putDownload,
  removeDownload,
  removeOps,
  type DownloadRecord,
  type QueuedOp,
} from './offline-store';

/** The sync endpoint takes at most 200 ops at once. */
const BATCH = 100;

type OpInput = QueuedOp extends infer Op
  ? Op extends QueuedOp
    ? Omit<Op, 'op_id' | 'client_time' | 'seq' | 'learner'>
    : never
  : never;

/** Queues something done offline; it is sent at the next connection (now, if the network is back). */
export async function queueOp(op: OpInput): Promise<void> {
  // Whose action it is: the owner of the lesson's download, else the learner last signed in here.
  const download = await getDownload(op.lesson_id).catch(() => undefined);
  const learner = (download && licenceOwner(download.licence)) ?? offlineLearner() ?? undefined;
  await addOp({ ...op, op_id: newOpId(), client_time: Date.now(), learner } as QueuedOp);
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

/**
 * Sends `learner`'s queue in its order (actions of an unknown learner too); sent ops (applied,
 * replayed or refused for good) leave the queue. Another learner's actions wait for them.
 */
export function flushQueue(learner: number | null = offlineLearner()): Promise<void> {
  flushing ??= (async () => {
    try {
      for (;;) {
        const ops = (await listOps())
          .filter((op) => op.learner === undefined || learner === null || op.learner === learner)
          .slice(0, BATCH);
        if (ops.length === 0) return;
        const { data } = await callApi<{ results: { op_id: string; status: string }[] }>(
          '/api/user/offline/sync.json',
          { method: 'POST', body: { device_id: deviceId(), ops: ops.map(({ learner: _learner, ...op }) => op) } },
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

interface LicenceAnswers {
  learner_id: number;
  licences: { licence: string; state: string; expires_at?: string }[];
}

/** Asks the server about every licence on the device; the answer also says who is signed in. */
async function askLicences(downloads: DownloadRecord[]): Promise<LicenceAnswers> {
  const { data } = await callApi<LicenceAnswers>('/api/user/offline/licences/check.json', {
    method: 'POST',
    body: { device_id: deviceId(), licences: downloads.map((record) => record.licence) },
  });
  setOfflineLearner(data.learner_id);
  return data;
}

/**
 * Applies the answers: a valid licence is renewed; an expired, revoked or invalid one of this
 * learner's downloads is deleted. Another learner's downloads on a shared device stay for them.
 */
async function applyLicences(downloads: DownloadRecord[], answers: LicenceAnswers): Promise<{ removed: number }> {
  let removed = 0;
  // The answers come in the order of the licences sent; a valid one carries its renewal.
  for (const [index, answer] of answers.licences.entries()) {
    const record = downloads[index];
    if (!record) continue;
    if (answer.state === 'valid') {
      // Read again: the service worker may have finished a background download meanwhile.
      const current = (await getDownload(record.lesson_id)) ?? record;
      await putDownload({ ...current, licence: answer.licence, expires_at: answer.expires_at ?? current.expires_at });
      continue;
    }
    const owner = licenceOwner(record.licence);
    if (answer.state === 'invalid' && owner !== null && owner !== answers.learner_id) continue;
    await removeDownload(record.lesson_id);
    removed += 1;
  }
  return { removed };
}

/** Checks every licence on the device; downloads that may no longer stay are deleted. */
export async function checkLicences(): Promise<{ removed: number }> {
  const downloads = await listDownloads();
  return applyLicences(downloads, await askLicences(downloads));
}

/**
 * At each connection: who is signed in (with the licences' answers), then that learner's queue (it
 * may need the enrolment the check could end), then the licences' answers applied.
 */
export async function onConnection(): Promise<void> {
  const downloads = await listDownloads().catch(() => []);
  const answers = await askLicences(downloads).catch(() => null);
  await flushQueue(answers?.learner_id ?? offlineLearner()).catch(() => undefined);
  if (answers) await applyLicences(downloads, answers).catch(() => undefined);
}

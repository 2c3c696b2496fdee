/**
 * Every page: at load and whenever the connection returns, a device with downloads or queued
 * offline work loads the connection tasks (connection-tasks.ts) and runs them; a device without
 * either loads nothing more. The service worker's Background Sync wakes the same run. A lesson
 * handed to Background Fetch is finished by the worker, which writes the store only: the page reads
 * the store again (the localStorage mirror) at load while one was under way, and when the worker
 * tells of a change.
 */
import { backgroundLessons, downloadedLessons, pendingCount } from './offline-flags';

function settleBackground(): void {
  if (backgroundLessons().length === 0) return;
  void import('./offline-store').then((store) => store.refreshMirror()).catch(() => undefined);
}

function run(): void {
  if (!navigator.onLine || (downloadedLessons().length === 0 && pendingCount() === 0)) return;
  void import('./connection-tasks').then((tasks) => tasks.onConnection()).catch(() => undefined);
}

export function startOfflineTasks(): () => void {
  const onMessage = (event: MessageEvent) => {
    const type = (event.data as { type?: string } | null)?.type;
    if (type === 'offline-sync') run();
    else if (type === 'download-updated') settleBackground();
  };
  settleBackground();
  const timer = window.setTimeout(run, 1_500);
  window.addEventListener('online', run);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  return () => {
    window.clearTimeout(timer);
    window.removeEventListener('online', run);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}

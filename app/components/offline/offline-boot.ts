/**
 * Every page: at load and whenever the connection returns, a device with downloads or queued
 * offline work loads the connection tasks (connection-tasks.ts) and runs them; a device without
 * either loads nothing more. The service worker's Background Sync wakes the same run.
 */
import { downloadedLessons, pendingCount } from './offline-flags';

function run(): void {
  if (!navigator.onLine || (downloadedLessons().length === 0 && pendingCount() === 0)) return;
  void import('./connection-tasks').then((tasks) => tasks.onConnection()).catch(() => undefined);
}

export function startOfflineTasks(): () => void {
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'offline-sync') run();
  };
  const timer = window.setTimeout(run, 1_500);
  window.addEventListener('online', run);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  return () => {
    window.clearTimeout(timer);
    window.removeEventListener('online', run);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}

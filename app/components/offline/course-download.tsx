/**
 * "Tải về cả khóa học": every lesson of the course the learner may download, one after the other
 * at the default quality (360p, 240p when saving data), skipping those already on the device. With
 * Background Fetch every video is handed to the browser in turn, and the downloads go on off the page.
 */
import { useState } from 'react';
import { formatBytes } from '../../../lib/format/bytes';
import { isDownloaded, savingData } from './offline-flags';
import { downloadFailure, loadDownloads, quotaText } from './lesson-download';

/** Lessons that can be kept on the device (a YouTube video cannot). */
const DOWNLOADABLE = new Set(['video', 'paragraph', 'exam', 'document']);

export function CourseDownload({ lessons }: { lessons: { id: number; content_type: string | null }[] }) {
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const wanted = lessons.filter((lesson) => DOWNLOADABLE.has(lesson.content_type ?? ''));
  if (wanted.length === 0) return null;

  async function start() {
    setBusy(true);
    // Bytes of each lesson this run (done, under way here, or under way in the background).
    const bytes = new Map<number, number>();
    const sum = () => [...bytes.values()].reduce((all, lesson) => all + lesson, 0);
    try {
      const { packageOf, startDownload, defaultQuality } = await loadDownloads();
      // Lessons handed to Background Fetch go on by themselves (the page may be left): each is
      // handed over before any is waited for. The others download here, one after the other.
      const handed: Promise<unknown>[] = [];
      for (const [index, lesson] of wanted.entries()) {
        if (isDownloaded(lesson.id)) continue;
        setStatus(`Đang tải bài ${index + 1}/${wanted.length}…`);
        const pkg = await packageOf(lesson.id);
        const quality = defaultQuality(pkg.video?.rungs.map((rung) => rung.height) ?? [], savingData());
        const started = await startDownload(pkg, quality, {}, (stored) => {
          bytes.set(lesson.id, stored);
          setStatus(`Đang tải bài ${index + 1}/${wanted.length}… ${formatBytes(sum())}`);
        });
        if (started.background) handed.push(started.finished);
        else bytes.set(lesson.id, (await started.finished).bytes);
      }
      await Promise.all(handed);
      setStatus(`Đã tải về cả khóa học (${formatBytes(sum())} mới). ${(await quotaText()) ?? ''}`.trim());
    } catch (error) {
      setStatus(await downloadFailure(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-300">
      <button
        type="button"
        className="min-h-10 rounded-lg border border-slate-700 px-3 disabled:opacity-60"
        disabled={busy}
        onClick={() => void start()}
      >
        Tải về cả khóa học
      </button>
      {status ? <span role="status">{status}</span> : null}
    </div>
  );
}

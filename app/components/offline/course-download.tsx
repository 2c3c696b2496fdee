/**
 * "Tải về cả khóa học": every lesson of the course the learner may download, one after the other
 * at the default quality (360p, 240p when saving data), skipping those already on the device.
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
    let total = 0;
    try {
      const { packageOf, downloadLesson, defaultQuality } = await loadDownloads();
      for (const [index, lesson] of wanted.entries()) {
        if (isDownloaded(lesson.id)) continue;
        setStatus(`Đang tải bài ${index + 1}/${wanted.length}…`);
        const pkg = await packageOf(lesson.id);
        const quality = defaultQuality(pkg.video?.rungs.map((rung) => rung.height) ?? [], savingData());
        const record = await downloadLesson(pkg, quality, {}, (stored) =>
          setStatus(`Đang tải bài ${index + 1}/${wanted.length}… ${formatBytes(total + stored)}`),
        );
        total += record.bytes;
      }
      setStatus(`Đã tải về cả khóa học (${formatBytes(total)} mới). ${(await quotaText()) ?? ''}`.trim());
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

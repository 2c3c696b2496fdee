/**
 * The downloads of this device by course (/tai-khoan/tai-ve): size, quality, expiry, delete buttons,
 * the device's storage, what waits to be synced, and "Chỉ tải qua Wi-Fi". Read from the device's
 * store only, so it works offline; a licence check that removes a download updates it.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatBytes } from '../../../lib/format/bytes';
import { formatDate } from '../../../lib/format/date';
import { studyUrl } from '../../../lib/learning/lesson-rules';
import { quotaText, WifiOnlySetting } from './lesson-download';
import { OFFLINE_CHANGE_EVENT, offlineLearner } from './offline-flags';
import { PendingSync } from './pending-sync';
import type { DownloadRecord } from './offline-store';

const store = () => import('./offline-store');

interface CourseGroup {
  id: number;
  slug: string;
  title: string;
  bytes: number;
  lessons: DownloadRecord[];
}

function byCourse(records: DownloadRecord[]): CourseGroup[] {
  const groups = new Map<number, CourseGroup>();
  for (const record of [...records].sort((a, b) => a.lesson_id - b.lesson_id)) {
    const group = groups.get(record.course_id) ?? {
      id: record.course_id,
      slug: record.course_slug,
      title: record.course_title,
      bytes: 0,
      lessons: [],
    };
    group.bytes += record.bytes;
    group.lessons.push(record);
    groups.set(record.course_id, group);
  }
  return [...groups.values()];
}

export function DownloadsList() {
  const [records, setRecords] = useState<DownloadRecord[] | null>(null);
  const [quota, setQuota] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    const read = () =>
      void store()
        .then(async (offline) => offline.ownedBy(await offline.listDownloads(), offlineLearner()))
        .then((mine) => alive && setRecords(mine))
        .catch(() => alive && setRecords([]));
    read();
    void quotaText().then((text) => alive && setQuota(text));
    window.addEventListener(OFFLINE_CHANGE_EVENT, read);
    return () => {
      alive = false;
      window.removeEventListener(OFFLINE_CHANGE_EVENT, read);
    };
  }, []);

  async function remove(lessonIds: number[]) {
    const offline = await store();
    for (const id of lessonIds) await offline.removeDownload(id);
    setQuota(await quotaText());
  }

  const groups = records ? byCourse(records) : [];
  return (
    <div className="space-y-4" data-testid="downloads">
      <PendingSync />
      {records === null ? <p role="status">Đang đọc bộ nhớ của máy…</p> : null}
      {records !== null && groups.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-4 py-10 text-center text-slate-600">
          <p>Chưa có bài học nào được tải về máy này.</p>
          <p className="mt-1 text-sm">Bấm "Tải về" dưới một bài học để học cả khi không có mạng.</p>
          <Link to="/tai-khoan/khoa-hoc-cua-toi" className="mt-3 inline-block font-semibold text-brand-700 underline">
            Khóa học của tôi
          </Link>
        </div>
      ) : null}
      {groups.map((group) => (
        <section
          key={group.id}
          className="rounded-2xl border border-slate-200 bg-white p-4"
          data-testid="download-course"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-bold text-slate-900">
              {group.title} <span className="text-sm font-normal text-slate-600">· {formatBytes(group.bytes)}</span>
            </h2>
            <button
              type="button"
              className="min-h-10 rounded-lg border border-slate-300 px-3 text-sm"
              onClick={() => void remove(group.lessons.map((lesson) => lesson.lesson_id))}
            >
              Xóa cả khóa học
            </button>
          </div>
          <ul className="mt-2 divide-y divide-slate-100">
            {group.lessons.map((lesson) => (
              <li
                key={lesson.lesson_id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
                data-testid="download-lesson"
              >
                <div className="min-w-0">
                  <a href={studyUrl(group.slug, lesson.lesson_id)} className="font-semibold text-brand-700 underline">
                    {lesson.title}
                  </a>
                  <p className="text-sm text-slate-600">
                    {lesson.audio_only ? 'Chỉ âm thanh · ' : lesson.quality > 0 ? `${lesson.quality}p · ` : ''}
                    {formatBytes(lesson.bytes)}
                    {lesson.status === 'partial'
                      ? lesson.background
                        ? ' · đang tải (chạy nền)'
                        : ' · đang tải dở'
                      : ''}{' '}
                    · hết hạn {formatDate(lesson.expires_at)}
                  </p>
                </div>
                <button
                  type="button"
                  className="min-h-10 rounded-lg border border-slate-300 px-3 text-sm"
                  aria-label={`Xóa bài ${lesson.title}`}
                  onClick={() => void remove([lesson.lesson_id])}
                >
                  Xóa
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {quota ? <p className="text-sm text-slate-600">Bộ nhớ: {quota}</p> : null}
      <WifiOnlySetting />
    </div>
  );
}

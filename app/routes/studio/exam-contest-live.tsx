import { useEffect, useSyncExternalStore } from 'react';
import { useRevalidator } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import {
  CONTEST_STATE_TEXT,
  CONTEST_STATE_TONE,
  ContestTabs,
  Figure,
  points,
} from '../../components/studio/contest-parts';
import { Badge, PageTitle } from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { loadInStudio } from '../../studio.server';
import { contestIdOf } from './exam-contest.server';
import type { Route } from './+types/exam-contest-live';

/** The live view reloads its figures this often (the loader runs again; no socket is needed). */
const REFRESH_MS = 10_000;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStudio(request, context, 'contests.read');
  const id = contestIdOf(params.id)!;
  const contests = context.services.examContests;
  const contest = await loadInStudio(() => contests.detail(id));
  return { contest, live: await contests.live(id) };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Theo dõi kỳ thi — Studio' });

function subscribeOnline(change: () => void) {
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
}

/** Revalidates every 10 s while the page is visible and the device online; says when it is offline. */
function useAutoRefresh() {
  const revalidator = useRevalidator();
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine && revalidator.state === 'idle')
        void revalidator.revalidate();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [revalidator]);
  return { online, refreshing: revalidator.state === 'loading' };
}

export default function StudioExamContestLive({ loaderData }: Route.ComponentProps) {
  const { contest, live } = loaderData;
  const { online, refreshing } = useAutoRefresh();
  return (
    <div>
      <PageTitle title={contest.title} back={{ to: '/studio/ky-thi', label: 'Kỳ thi' }} />
      <ContestTabs id={contest.id} />
      <p className="mb-3 text-sm text-slate-700">
        <Badge value={CONTEST_STATE_TONE[live.state] ?? live.state} text={CONTEST_STATE_TEXT[live.state]} /> · cập nhật
        lúc {formatDateTime(live.server_now, 'HH:mm:ss')}, tự làm mới mỗi 10 giây
        {refreshing ? ' (đang cập nhật…)' : ''}
      </p>
      {online ? null : (
        <p role="alert" className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Thiết bị đang mất kết nối mạng: số liệu dừng ở lần cập nhật trên và sẽ tự làm mới khi có mạng trở lại.
        </p>
      )}
      {live.attempts === 0 ? (
        <p className="mb-3 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">
          {live.state === 'upcoming'
            ? 'Kỳ thi chưa mở: số liệu sẽ hiện khi thí sinh đầu tiên vào phòng thi.'
            : 'Chưa có thí sinh nào bắt đầu làm bài.'}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-live="polite">
        <Figure label="Đang trong phòng thi" value={live.in_room} testId="live-in-room" />
        <Figure label="Đã nộp bài" value={live.submitted} testId="live-submitted" />
        <Figure label="Tự nộp khi hết giờ" value={live.auto_submitted} testId="live-auto" />
        <Figure
          label="Điểm trung bình (thang 10)"
          value={live.average_score === null ? '—' : points(live.average_score)}
          testId="live-average"
        />
      </dl>
      <p className="mt-3 text-sm text-slate-600">
        {live.candidates} thí sinh đã vào thi, {live.attempts} lượt làm bài. “Đang trong phòng thi” là lượt chưa nộp và
        chưa quá giờ nộp; bài quá giờ được hệ thống tự nộp và chấm.
      </p>
    </div>
  );
}

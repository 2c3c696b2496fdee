import { data } from 'react-router';
import { BannerSlot } from '../components/banner-slot';
import { ContestSection } from '../components/exams/contest-card';
import { FormMessage } from '../components/form-field';
import { PageFrame } from '../components/page-frame';
import { PostGrid } from '../components/post-card';
import { loginRedirectTarget } from '../guards.server';
import { buildSeoMeta } from '../seo';
import type { Route } from './+types/exam-gate';
import { isReminderIntent, reminderAction } from './exams/reminder.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const [contests, posts, banners, reminded] = await Promise.all([
    context.services.exams.list({}),
    context.services.content.listPosts({ type: 'exam_gate', page: 1, limit: 30 }),
    context.services.site.listBanners({ placements: [3, 20, 21], signedIn: context.viewer !== null }),
    context.viewer ? context.services.exams.remindedSlugs(context.viewer.id) : null,
  ]);
  const ofState = (state: 'upcoming' | 'open' | 'closed') =>
    contests.filter((contest) => contest.kind === 'contest' && contest.state === state);
  return {
    open: ofState('open'),
    upcoming: ofState('upcoming'),
    closed: ofState('closed'),
    practice: contests.filter((contest) => contest.kind === 'practice'),
    posts: posts.items,
    banners,
    reminders: { slugs: reminded, signInPath: loginRedirectTarget(request) },
  };
}

/** "Nhắc tôi" / "Bỏ nhắc" on an upcoming contest. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (!isReminderIntent(form.get('intent'))) return data({ message: 'Yêu cầu không hợp lệ.' }, { status: 400 });
  return reminderAction(request, context, form);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  buildSeoMeta(matches, {
    title: 'Cổng thi',
    description:
      'Thi thử trực tuyến theo cấu trúc đề tốt nghiệp THPT 2025: chấm điểm tự động, xếp hạng, lời giải chi tiết và luyện đề bất cứ lúc nào.',
    path: '/cong-thi',
  });

export default function ExamGatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { open, upcoming, closed, practice, posts, banners, reminders } = loaderData;
  const error = actionData && 'message' in actionData ? actionData.message : undefined;
  return (
    <PageFrame title="Cổng thi" wide>
      <BannerSlot banners={banners[20] ?? []} placement={20} className="mb-6" priority />
      <BannerSlot banners={banners[3] ?? []} placement={3} className="mb-6" />
      <ContestSection title="Đang diễn ra" contests={open} empty="Hiện chưa có kỳ thi nào đang diễn ra." />
      <FormMessage message={error} />
      <ContestSection
        title="Sắp diễn ra"
        contests={upcoming}
        empty="Chưa có kỳ thi nào sắp mở."
        reminders={reminders}
      />
      <ContestSection title="Đã kết thúc" contests={closed} empty="Chưa có kỳ thi nào đã kết thúc." />
      <ContestSection title="Luyện đề" contests={practice} empty="Chưa có đề luyện tập nào." />
      {posts.length > 0 ? (
        <section aria-label="Tin kỳ thi">
          <h2 className="mb-3 text-lg font-semibold text-slate-900">Tin kỳ thi</h2>
          <PostGrid posts={posts} />
        </section>
      ) : null}
      <BannerSlot banners={banners[21] ?? []} placement={21} className="mt-8" />
    </PageFrame>
  );
}

import { useState } from 'react';
import { Form, Link, useActionData, useNavigation, useRevalidator } from 'react-router';
import { z } from 'zod';
import { formatMinutesSeconds } from '../../lib/format/duration';
import { studyUrl } from '../../lib/learning/lesson-rules';
import { FormMessage } from '../components/form-field';
import { AppOnlyGate, InstallBanner } from '../components/install/install-offer';
import { LessonView } from '../components/learning/lesson-view';
import { CourseDownload } from '../components/offline/course-download';
import { LessonDownload } from '../components/offline/lesson-download';
import { PendingSync } from '../components/offline/pending-sync';
import { ProgressBar } from '../components/learning/progress-bar';
import { StudySidebar } from '../components/learning/study-sidebar';
import { useStudyView } from '../components/learning/study-frame';
import { formError, parseForm, runForm, isFormState } from '../forms.server';
import { requireViewer, loginRedirectTarget } from '../guards.server';
import { loadStudy } from '../learning.server';
import { buildMeta } from '../meta';
import type { Route } from './+types/study';

/** /vao-hoc/{slug}?bai={lessonId}: the study page (previews open to everyone, the rest to enrolled learners). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return { ...(await loadStudy(request, context, params.slug)), loginUrl: loginRedirectTarget(request) };
}

const completeForm = z.object({ lesson_id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** "Đánh dấu hoàn thành" (works without JavaScript); the completion rules decide. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const parsed = parseForm(completeForm, Object.fromEntries(await request.formData()));
  if (isFormState(parsed)) return formError(parsed, {});
  return runForm({}, async () => {
    // Client time 0: marking done never moves the resume point of a video.
    await context.services.learning.writeLog(viewer.id, {
      lesson_id: parsed.lesson_id,
      position: 0,
      completed: true,
      client_time: 0,
    });
    return { notice: 'Đã đánh dấu hoàn thành bài học.', message: '', fields: {}, values: {} };
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildMeta(matches, {
    title: loaderData?.current ? `${loaderData.current.title} – ${loaderData.course.title}` : 'Vào học',
  });

const DENIALS = {
  anonymous: { title: 'Đăng nhập để học bài này', action: 'Đăng nhập' },
  not_enrolled: { title: 'Bài học dành cho học viên của khóa học', action: 'Mua khóa học' },
  expired: { title: 'Quyền học đã hết hạn', action: 'Gia hạn khóa học' },
} as const;

function Denied({
  reason,
  message,
  loginUrl,
  slug,
}: {
  reason: keyof typeof DENIALS;
  message: string;
  loginUrl: string;
  slug: string;
}) {
  const text = DENIALS[reason];
  return (
    <div role="alert" className="rounded-xl border border-amber-500/40 bg-amber-950/40 px-4 py-8 text-center">
      <h2 className="text-lg font-bold text-white">{text.title}</h2>
      <p className="mt-2 text-slate-200">{message}</p>
      <Link to={reason === 'anonymous' ? loginUrl : `/khoa-hoc/${slug}`} className="btn-primary mt-4">
        {text.action}
      </Link>
    </div>
  );
}

/** The lesson; for a course studied only in the app, only inside the installed app (decision 0015). */
function LessonArea({ appOnly, children }: { appOnly: boolean; children: React.ReactNode }) {
  return appOnly ? <AppOnlyGate>{children}</AppOnlyGate> : <>{children}</>;
}

export default function StudyPage({ loaderData }: Route.ComponentProps) {
  const { course, denied, current } = loaderData;
  // A frame shared by the course's learners: their own marks and progress arrive after it.
  const { lesson, previous, next, progress, curriculum, doneCount, personalFailed, sessionEnded } =
    useStudyView(loaderData);
  const [menuOpen, setMenuOpen] = useState(false);
  const revalidator = useRevalidator();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const canMark =
    lesson !== null && loaderData.signedIn && lesson.content_type !== 'exam' && !lesson.progress?.completed;
  const percent = doneCount === null ? null : (progress?.percent ?? (loaderData.signedIn ? 0 : null));
  return (
    <div className="lg:flex lg:min-h-[calc(100dvh-3rem)]">
      <aside
        id="muc-luc"
        className={`${menuOpen ? 'block' : 'hidden'} border-b border-slate-800 bg-slate-950 lg:block lg:w-80 lg:shrink-0 lg:border-r lg:border-b-0`}
      >
        <StudySidebar
          slug={course.slug}
          lessons={curriculum}
          currentId={current?.id ?? null}
          percent={percent}
          doneCount={doneCount}
          lessonCount={loaderData.lessonCount}
        />
      </aside>
      <div
        className={`min-w-0 flex-1 px-3 py-4 transition-opacity sm:px-6 ${navigation.state === 'loading' ? 'opacity-60' : ''}`}
        aria-busy={navigation.state === 'loading'}
      >
        <div className="mb-3 flex items-center justify-between gap-2">
          <p className="min-w-0 truncate text-sm text-slate-400">{course.title}</p>
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="muc-luc"
            onClick={() => setMenuOpen((open) => !open)}
            className="shrink-0 rounded-lg border border-slate-700 px-3 py-1.5 text-sm lg:hidden"
          >
            {menuOpen
              ? 'Ẩn mục lục'
              : doneCount === null
                ? `Mục lục (${loaderData.lessonCount} bài)`
                : `Mục lục (${doneCount}/${loaderData.lessonCount})`}
          </button>
        </div>
        {percent !== null ? (
          <div className="mb-4 lg:hidden">
            <ProgressBar percent={percent} tone="dark" />
          </div>
        ) : null}
        {loaderData.enrolment !== 'active' && lesson?.access === 'preview' ? (
          <p className="mb-3 rounded-lg bg-emerald-950/60 px-3 py-2 text-sm text-emerald-200">
            Bạn đang học thử.{' '}
            {loaderData.signedIn ? null : (
              <>
                <Link to={loaderData.loginUrl} className="font-semibold underline">
                  Đăng nhập
                </Link>{' '}
                hoặc{' '}
              </>
            )}
            <Link to={`/khoa-hoc/${course.slug}`} className="font-semibold underline">
              {loaderData.signedIn ? 'Đăng ký khóa học' : 'đăng ký khóa học'}
            </Link>{' '}
            để học tất cả các bài.
          </p>
        ) : null}
        {current ? (
          <h1 className="mb-4 text-xl font-bold text-white sm:text-2xl">{current.title}</h1>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-700 px-4 py-8 text-center text-slate-300">
            Khóa học chưa có bài học nào.
          </p>
        )}
        {loaderData.enrolment === 'active' ? <CourseDownload lessons={loaderData.lessonTypes} /> : null}
        {lesson ? (
          <LessonArea appOnly={course.appOnly}>
            <LessonView
              key={lesson.id}
              lesson={lesson}
              signedIn={loaderData.signedIn}
              onCompleted={() => void revalidator.revalidate()}
            />
            <div className="mt-6 space-y-3">
              {personalFailed ? (
                <p role="status" className="text-sm text-amber-200">
                  Chưa tải được tiến độ học của bạn; bài học vẫn học được và tiến độ sẽ được lưu khi có mạng.
                </p>
              ) : null}
              {sessionEnded ? (
                <p role="alert" className="text-sm text-amber-200">
                  Phiên đăng nhập đã kết thúc.{' '}
                  <Link to={loaderData.loginUrl} className="font-semibold underline">
                    Đăng nhập lại
                  </Link>{' '}
                  để lưu tiến độ học.
                </p>
              ) : null}
              <PendingSync />
              {lesson.access === 'enrolled' && lesson.content_type !== 'youtube' ? (
                <LessonDownload lessonId={lesson.id} documentUrl={lesson.document_url} />
              ) : null}
              {result && 'notice' in result && result.notice ? (
                <p role="status" className="text-sm text-emerald-300">
                  {result.notice}
                </p>
              ) : null}
              {result?.message ? <FormMessage message={result.message} /> : null}
              {lesson.progress?.completed ? (
                <p className="text-sm font-semibold text-emerald-300">✓ Bạn đã hoàn thành bài học này.</p>
              ) : canMark ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="lesson_id" value={lesson.id} />
                  <button type="submit" disabled={busy} className="btn-primary disabled:opacity-60">
                    {busy ? 'Đang lưu…' : 'Đánh dấu hoàn thành'}
                  </button>
                </Form>
              ) : null}
              {/* A lesson done: the moment to offer the app (once, where installing is possible). */}
              {lesson.progress?.completed ? <InstallBanner /> : null}
            </div>
          </LessonArea>
        ) : null}
        {denied ? (
          <Denied reason={denied.reason} message={denied.message} loginUrl={loaderData.loginUrl} slug={course.slug} />
        ) : null}
        <nav aria-label="Chuyển bài" className="mt-6 flex justify-between gap-3 border-t border-slate-800 pt-4 text-sm">
          {previous ? (
            <Link
              to={studyUrl(course.slug, previous.id)}
              className="rounded-lg border border-slate-700 px-3 py-2 hover:bg-slate-800"
            >
              ← Bài trước
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link
              to={studyUrl(course.slug, next.id)}
              className="rounded-lg bg-slate-800 px-3 py-2 font-semibold hover:bg-slate-700"
            >
              Bài tiếp theo →
            </Link>
          ) : progress?.percent === 100 ? (
            <span className="font-semibold text-emerald-300">🎉 Bạn đã hoàn thành khóa học!</span>
          ) : null}
        </nav>
        {lesson ? (
          <p className="mt-2 text-xs text-slate-400">Thời lượng: {formatMinutesSeconds(lesson.duration_seconds)}</p>
        ) : null}
      </div>
    </div>
  );
}

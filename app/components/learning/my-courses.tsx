/** "Khóa học của tôi" (account page and /mycourse): tabs, one card per enrolled course, viewed courses. */
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format/date';
import type { MyCourse } from '../../../modules/learning/learning.schemas';
import { CourseGrid } from '../course-card';
import { EmptyState } from '../post-card';
import type { MyCoursesTab } from './my-courses-tabs';
import { ProgressBar } from './progress-bar';

const TABS: { id: MyCoursesTab; label: string }[] = [
  { id: 'tat-ca', label: 'Tất cả' },
  { id: 'dang-hoc', label: 'Đang học' },
  { id: 'hoan-thanh', label: 'Đã hoàn thành' },
  { id: 'het-han', label: 'Hết hạn' },
];

function MyCourseCard({ course }: { course: MyCourse }) {
  const expired = course.state === 'expired';
  return (
    <li className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3" data-testid="my-course">
      <Link to={`/khoa-hoc/${course.slug}`} className="w-28 shrink-0 sm:w-40">
        {course.thumbnail ? (
          <img
            src={course.thumbnail}
            alt=""
            loading="lazy"
            width={160}
            height={90}
            className="aspect-video w-full rounded-lg object-cover"
          />
        ) : (
          <span className="block aspect-video w-full rounded-lg bg-slate-200" />
        )}
      </Link>
      <div className="min-w-0 flex-1 space-y-1.5">
        <h2 className="font-semibold text-slate-900">
          <Link to={`/khoa-hoc/${course.slug}`} className="hover:text-brand-700">
            {course.title}
          </Link>
        </h2>
        <ProgressBar percent={course.progress.percent} />
        <p className="text-xs text-slate-600">
          {course.progress.completed_lessons}/{course.progress.total_lessons} bài
          {course.last_lesson ? ` · Bài gần nhất: ${course.last_lesson.title}` : ''}
        </p>
        <p className="text-xs">
          {expired ? (
            <span className="rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-800">
              Hết hạn{course.enrolment.ends_at ? ` từ ${formatDate(course.enrolment.ends_at)}` : ''}
            </span>
          ) : course.enrolment.ends_at ? (
            <span className="text-slate-600">Hạn học đến {formatDate(course.enrolment.ends_at)}</span>
          ) : (
            <span className="text-slate-600">Không giới hạn thời gian</span>
          )}
          {course.state === 'completed' ? (
            <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 font-semibold text-emerald-800">
              Đã hoàn thành
            </span>
          ) : null}
        </p>
        <div className="pt-1">
          {expired ? (
            <Link to={`/khoa-hoc/${course.slug}`} className="btn-primary px-3 py-1.5 text-sm">
              Gia hạn
            </Link>
          ) : (
            <Link to={course.continue_url} className="btn-primary px-3 py-1.5 text-sm">
              {course.progress.percent === 0 && !course.last_lesson ? 'Bắt đầu học' : 'Tiếp tục học'}
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}

export function MyCourses({
  basePath,
  tab,
  counts,
  courses,
  total,
  viewed,
}: {
  basePath: string;
  tab: MyCoursesTab;
  counts: Record<MyCoursesTab, number>;
  courses: MyCourse[];
  total: number;
  viewed: Parameters<typeof CourseGrid>[0]['courses'];
}) {
  return (
    <div className="space-y-8">
      {total > 0 ? (
        <nav aria-label="Lọc khóa học" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
          {TABS.map((item) => (
            <Link
              key={item.id}
              to={item.id === 'tat-ca' ? basePath : `${basePath}?loc=${item.id}`}
              aria-current={item.id === tab ? 'page' : undefined}
              className={`shrink-0 rounded-full px-3 py-1.5 text-sm font-medium ${
                item.id === tab ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
              }`}
            >
              {item.label} ({counts[item.id]})
            </Link>
          ))}
        </nav>
      ) : null}
      {courses.length > 0 ? (
        <ul className="space-y-3">
          {courses.map((course) => (
            <MyCourseCard key={course.id} course={course} />
          ))}
        </ul>
      ) : (
        <EmptyState>
          {total === 0 ? 'Bạn chưa có khóa học nào.' : 'Không có khóa học nào trong mục này.'}{' '}
          <Link to="/khoa-hoc" className="font-semibold text-brand-700 underline">
            Khám phá khóa học
          </Link>
        </EmptyState>
      )}
      {viewed.length > 0 ? (
        <section aria-labelledby="da-xem">
          <div className="mb-3 flex items-baseline justify-between">
            <h2 id="da-xem" className="text-lg font-bold text-slate-900">
              Khóa học đã xem
            </h2>
            <Link
              to="/tai-khoan/khoa-hoc-da-xem"
              className="inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline"
            >
              Xem tất cả
            </Link>
          </div>
          <CourseGrid courses={viewed} />
        </section>
      ) : null}
    </div>
  );
}

import { Link } from 'react-router';
import { describeCourseCard, type CourseCard as CourseCardText, type CourseListItem } from '../../lib/course-card';

/** A course's average rating and count, when it has ratings. */
export function CourseRating({ course }: { course: Pick<CourseListItem, 'rating_avg' | 'rating_count'> }) {
  if (!course.rating_count) return null;
  return (
    <p
      className="text-sm text-amber-800"
      aria-label={`Đánh giá ${course.rating_avg} trên 5, ${course.rating_count} lượt`}
    >
      <span aria-hidden="true">★</span> {course.rating_avg?.toFixed(1)}{' '}
      <span className="text-slate-600">({course.rating_count})</span>
    </p>
  );
}

/** A course's price line: price, struck-through list price, discount badge (lib/course-card.ts). */
export function CoursePrice({ card, className = '' }: { card: CourseCardText; className?: string }) {
  return (
    <p className={`flex flex-wrap items-baseline gap-2 ${className}`}>
      <span className={`font-bold ${card.isFree ? 'text-emerald-700' : 'text-brand-700'}`}>{card.priceText}</span>
      {card.oldPriceText ? <s className="text-sm text-slate-600">{card.oldPriceText}</s> : null}
      {card.badge ? (
        <span className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800">{card.badge}</span>
      ) : null}
    </p>
  );
}

/** A course in a list: cover, title, subtitle (teacher / platform / child count), rating and price. */
export function CourseCard({ course, eager = false }: { course: CourseListItem; eager?: boolean }) {
  const card = describeCourseCard(course);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Link to={`/khoa-hoc/${course.slug}`} className="block" tabIndex={-1} aria-hidden="true">
        <img
          src={course.thumbnail ?? '/favicon.svg'}
          alt=""
          width={640}
          height={360}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-video w-full bg-slate-100 object-cover"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 font-semibold text-slate-900">
          <Link to={`/khoa-hoc/${course.slug}`} className="hover:text-brand-700">
            {course.title}
          </Link>
        </h3>
        <p className="line-clamp-1 text-sm text-slate-600">{card.subtitle}</p>
        <CourseRating course={course} />
        <CoursePrice card={card} className="mt-auto pt-1" />
      </div>
    </article>
  );
}

export function CourseGrid({ courses, eagerCount = 0 }: { courses: CourseListItem[]; eagerCount?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {courses.map((course, index) => (
        <li key={course.id}>
          <CourseCard course={course} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

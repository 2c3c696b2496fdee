import { Link } from 'react-router';
import { describeCourseCard, type CourseListItem } from '../../../lib/course-card';
import { formatDate } from '../../../lib/format/date';
import { SEARCH_KIND_LABELS } from '../../../modules/search/search-options';
import type { SearchHit } from '../../../modules/search/search.service';
import { CoursePrice, CourseRating } from '../course-card';

/**
 * One search result: kind and date, highlighted title and snippet, the thumbnail; a course also
 * shows its rating and price as its course card does (app/components/course-card.tsx).
 */
export function SearchHitRow({ hit, course }: { hit: SearchHit; course: CourseListItem | undefined }) {
  const thumbnail = course?.thumbnail ?? hit.thumbnail ?? (hit.kind === 'course' ? '/favicon.svg' : null);
  return (
    <li className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3" data-kind={hit.kind}>
      {thumbnail ? (
        <Link to={hit.url} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <img
            src={thumbnail}
            alt=""
            width={128}
            height={72}
            loading="lazy"
            decoding="async"
            className="aspect-video w-24 rounded-lg bg-slate-100 object-cover sm:w-32"
          />
        </Link>
      ) : null}
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase text-brand-700">
          {SEARCH_KIND_LABELS[hit.kind]}
          {hit.published_at ? (
            <span className="ml-2 font-normal normal-case text-slate-600">{formatDate(hit.published_at)}</span>
          ) : null}
        </p>
        <h2 className="font-semibold">
          <Link
            to={hit.url}
            className="block hover:text-brand-700"
            dangerouslySetInnerHTML={{ __html: hit.title_html }}
          />
        </h2>
        {course ? (
          <>
            <CourseRating course={course} />
            <CoursePrice card={describeCourseCard(course)} />
          </>
        ) : null}
        <p
          className="mt-1 line-clamp-3 text-sm text-slate-700"
          dangerouslySetInnerHTML={{ __html: hit.snippet_html }}
        />
      </div>
    </li>
  );
}

/**
 * "Gợi ý cho bạn": courses for one learner, scored from their topics of interest (the subjects they
 * follow) and the courses they viewed lately (their categories and subjects, the latest weighing
 * most), never a course they already own. Anonymous visitors, and learners with no signal, get the
 * most popular courses; a short personal list is filled up with popular ones.
 *
 * The anonymous answer is the same for everyone (the page micro-cache may keep it); a learner's
 * answer is read for them only and never cached.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import * as catalogRepo from './catalog.repository.ts';
import type { CourseItem } from './course-mapping.ts';
import type { CourseService } from './course.service.ts';
import * as repo from './recommendations.repository.ts';

export type RecommendationSource = 'personal' | 'popular';

export interface Recommendations {
  /** personal: scored from the learner's own signals; popular: the fallback. */
  source: RecommendationSource;
  items: CourseItem[];
}

export interface RecommendationsDeps {
  db: Kysely<Database>;
  course: CourseService;
  /** Which of these courses the learner owns now (the enrolments module). */
  ownedCourseIds: (userId: number, courseIds: number[]) => Promise<number[]>;
}

/** How many recently viewed courses count, and how many nearby courses are scored. */
const VIEWED_SIGNALS = 12;
const CANDIDATES = 120;
const WEIGHTS = { followedSubject: 4, viewedCategory: 2, viewedSubject: 1 };
export const DEFAULT_RECOMMENDATIONS = 8;

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;

/** Keeps the largest weight per key. */
function keepMax(map: Map<number, number>, key: number | null, weight: number) {
  if (key === null) return;
  map.set(key, Math.max(map.get(key) ?? 0, weight));
}

export function createRecommendationsService({ db, course, ownedCourseIds }: RecommendationsDeps) {
  /** The most popular published courses, without `exclude` and (for a learner) what they own. */
  async function popular(viewerId: number | null, limit: number, exclude: Set<number>): Promise<CourseItem[]> {
    const slack = viewerId === null ? 0 : 24;
    const list = await course.listCourses({ sort: 'popular', page: 1, limit: limit + exclude.size + slack });
    const open = list.items.filter((item) => !exclude.has(item.id));
    const owned =
      viewerId === null
        ? new Set<number>()
        : new Set(
            await ownedCourseIds(
              viewerId,
              open.map((item) => item.id),
            ),
          );
    return open.filter((item) => !owned.has(item.id)).slice(0, limit);
  }

  /** The scored course ids of a learner, best first (empty without any signal). */
  async function scoreFor(viewerId: number): Promise<number[]> {
    const [followed, viewed] = await Promise.all([
      catalogRepo.listLikedSubjectIds(db, viewerId),
      catalogRepo.listViewedCourseIds(db, viewerId, VIEWED_SIGNALS),
    ]);
    if (followed.length === 0 && viewed.length === 0) return [];
    const [viewedFacts, viewedSubjects] = await Promise.all([
      repo.listCourseFacts(db, viewed),
      repo.listCourseSubjectPairs(db, viewed),
    ]);
    // The latest view weighs 1, older ones less (1/2 by the fourth).
    const recency = new Map(viewed.map((id, rank) => [id, 1 / (1 + rank / 3)]));
    const categoryWeight = new Map<number, number>();
    for (const fact of viewedFacts) keepMax(categoryWeight, fact.category_id, recency.get(fact.id) ?? 0);
    const subjectWeight = new Map<number, number>();
    for (const pair of viewedSubjects) keepMax(subjectWeight, pair.subject_id, recency.get(pair.course_id) ?? 0);
    const followedSet = new Set(followed);

    const candidates = await repo.listNearbyCourses(
      db,
      { subjectIds: [...new Set([...followed, ...subjectWeight.keys()])], categoryIds: [...categoryWeight.keys()] },
      CANDIDATES,
    );
    const ids = candidates.map((candidate) => candidate.id);
    const [pairs, owned] = await Promise.all([repo.listCourseSubjectPairs(db, ids), ownedCourseIds(viewerId, ids)]);
    const subjectsOf = new Map<number, number[]>();
    for (const pair of pairs)
      subjectsOf.set(pair.course_id, [...(subjectsOf.get(pair.course_id) ?? []), pair.subject_id]);
    const ownedSet = new Set(owned);

    return candidates
      .filter((candidate) => !ownedSet.has(candidate.id))
      .map((candidate) => {
        let score = WEIGHTS.viewedCategory * (categoryWeight.get(candidate.category_id ?? -1) ?? 0);
        for (const subject of subjectsOf.get(candidate.id) ?? []) {
          if (followedSet.has(subject)) score += WEIGHTS.followedSubject;
          score += WEIGHTS.viewedSubject * (subjectWeight.get(subject) ?? 0);
        }
        return { id: candidate.id, score, popularity: candidate.enrolment_count };
      })
      .filter((candidate) => candidate.score > 0)
      .sort((a, b) => b.score - a.score || b.popularity - a.popularity || b.id - a.id)
      .map((candidate) => candidate.id);
  }

  /**
   * Recommendations for a viewer (null: anonymous). `excludeIds`: courses the page already shows
   * (the home page's featured courses), left out of the popular fallback (a personal list keeps
   * them: relevance to this learner comes first).
   */
  async function forViewer(
    viewerId: number | null,
    options: { limit?: number; excludeIds?: number[] } = {},
  ): Promise<Recommendations> {
    const limit = options.limit ?? DEFAULT_RECOMMENDATIONS;
    const exclude = new Set(options.excludeIds ?? []);
    const scored = viewerId === null ? [] : (await scoreFor(viewerId)).slice(0, limit);
    if (scored.length === 0) return { source: 'popular', items: await popular(viewerId, limit, exclude) };
    const personal = await course.listCoursesByIds(scored);
    const fill =
      personal.length < limit ? await popular(viewerId, limit - personal.length, new Set([...exclude, ...scored])) : [];
    return { source: 'personal', items: [...personal, ...fill] };
  }

  return { forViewer };
}

/**
 * The tabs of "my courses" (`?loc=`): which courses each shows and how many. Pure, so the server
 * (a page rendered for the learner) and the browser (the shared frame filled from /ca-nhan.json)
 * pick the same courses.
 */
const STATES = {
  'dang-hoc': 'in_progress',
  'hoan-thanh': 'completed',
  'het-han': 'expired',
} as const;

export type MyCoursesTab = keyof typeof STATES | 'tat-ca';

/** The tab a `?loc=` value asks for; anything else is "Tất cả". */
export function myCoursesTab(search: string): MyCoursesTab {
  const asked = new URLSearchParams(search).get('loc') ?? 'tat-ca';
  return asked in STATES ? (asked as keyof typeof STATES) : 'tat-ca';
}

/** The courses a tab shows, the count of every tab and the total. */
export function pickMyCourses<Course extends { state: string }>(all: Course[], tab: MyCoursesTab) {
  const counts: Record<MyCoursesTab, number> = {
    'tat-ca': all.length,
    'dang-hoc': all.filter((course) => course.state === 'in_progress').length,
    'hoan-thanh': all.filter((course) => course.state === 'completed').length,
    'het-han': all.filter((course) => course.state === 'expired').length,
  };
  const courses = tab === 'tat-ca' ? all : all.filter((course) => course.state === STATES[tab]);
  return { tab, counts, courses, total: all.length };
}

/**
 * The catalog module's public face (being filled as the studio's catalog operations move here,
 * issue 19): what other modules may call on courses and lessons.
 */
export { setLessonDuration } from './course.repository.ts';
export type { CatalogService } from './catalog.service.ts';
export type { CourseService } from './course.service.ts';

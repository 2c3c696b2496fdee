/**
 * The catalog module's public face (being filled as the studio's catalog operations move here,
 * issue 19): what other modules may call on courses and lessons.
 */
export { setLessonDuration } from './course.repository.ts';
export { addCourseRating, findRatableCourse, lockCourseRating, setCourseRating } from './course-rating.ts';
export { lessonFileUrl, lessonIn, lessonsWithCourse, type LessonRef, type LessonScope } from './lesson-lookups.ts';
export type { CatalogService } from './catalog.service.ts';
export type { CourseService } from './course.service.ts';
export { createCatalogAdmin, type CatalogAdmin, type TeacherAccountsPort } from './catalog.admin.ts';
export { catalogAdminRoutes } from './catalog.admin.routes.ts';
export { createCategoriesAdmin, type CategoriesAdmin, type CategoryCountsPort } from './catalog.admin-categories.ts';
export { catalogAdminCategoryRoutes, type CategoriesAdminRoutesOptions } from './catalog.admin-categories.routes.ts';
export { subjectInput, subjectsQuery, teacherInput } from './catalog.admin.schemas.ts';
export * as courseAdminSchemas from './course.admin.schemas.ts';
export * as courseEditorSchemas from './course-editor.admin.schemas.ts';
export { createCourseAdmin, type CourseAdmin, type CourseEditor, type CourseVideos } from './course.admin.ts';
export type { StudioCourseDetail } from './course.admin.view.ts';
export { courseAdminRoutes } from './course.admin.routes.ts';
export { createCourseExtrasAdmin, type CourseExtrasAdmin, type QuizEditor } from './course-extras.admin.ts';
export { courseExtrasAdminRoutes } from './course-extras.admin.routes.ts';

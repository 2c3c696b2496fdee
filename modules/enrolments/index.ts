/**
 * The enrolments module's public face: who may study which course until when — grants (orders,
 * free courses, the studio, codes), extensions, revocations, the access that follows a
 * subscription — and the learner's enrolment endpoints.
 */
export { createEnrolmentsService, type EnrolmentsService } from './enrolments.service.ts';
export { enrolmentsRoutes } from './enrolments.routes.ts';

/** The search index's public face: what other modules use to keep their documents in it. */
export { buildCourseDocument, buildPostDocument, buildSupportDocument } from './documents.ts';
export { deleteSearchDocument, upsertSearchDocument } from './search.repository.ts';

/** The discussion module's public face: the type other modules receive from the composition root. */
export type { DiscussionService } from './discussion.service.ts';

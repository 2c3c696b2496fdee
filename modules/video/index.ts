/**
 * The video module's public face: video lessons (transcoding, signed playback, captions) and the
 * studio's resumable uploads of a lesson's video, with their routes and schemas.
 */
export { createVideoService, type CaptionInput, type VideoPlayback, type VideoService } from './video.service.ts';
export { videoRoutes } from './video.routes.ts';
export { createVideoAdmin, type UploadLessons, type VideoAdmin } from './video.admin.ts';
export { videoAdminRoutes, type VideoAdminRoutesOptions } from './video.admin.routes.ts';

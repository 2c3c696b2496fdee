/** The discussion module's public face (growing as its users in other modules move to it): the studio's review of lesson error reports. */
export { createDiscussionAdmin, type DiscussionAdmin } from './discussion.admin.ts';

/**
 * Who may do what in the studio. Every `/api/admin/*` route names its permission; the pages ask
 * the same table, so a link is only shown to those whose request would succeed.
 */
import type { Role } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../services.ts';

export const STUDIO_PERMISSIONS = {
  'orders.read': ['editor', 'admin'],
  'orders.refund': ['admin'],
  'users.read': ['editor', 'admin'],
  'users.lock': ['admin'],
  'audit.read': ['admin'],
  'courses.write': ['teacher', 'editor', 'admin'],
  'dashboard.read': ['editor', 'admin'],
  'affiliates.manage': ['admin'],
  // Studio site: banners, menus, teachers, subjects and images are content (editors too); the site
  // settings and route rules change the whole site's behaviour, so only admins.
  'site.write': ['editor', 'admin'],
  'settings.write': ['admin'],
  // Studio commerce: editors see promotions and subscriptions; money, codes and cancels are the admin's.
  'promotions.read': ['editor', 'admin'],
  'promotions.write': ['admin'],
  'codes.read': ['admin'],
  'codes.write': ['admin'],
  'subscriptions.read': ['editor', 'admin'],
  'subscriptions.cancel': ['admin'],
  // Studio courses, part 2. A teacher edits the content of their own courses (courses.write is
  // scoped to them); creating, packages, publishing, scheduling and combos stay with editors.
  'courses.manage': ['editor', 'admin'],
  'questions.read': ['teacher', 'editor', 'admin'],
  'partnerships.manage': ['editor', 'admin'],
  'content.write': ['editor', 'admin'],
  'roles.write': ['admin'],
  'enrolments.write': ['admin'],
  'support.write': ['editor', 'admin'],
  'broadcasts.send': ['admin'],
  // Exam contests (modules/exams): scheduling, the live view, results and item analysis; a key
  // correction re-grades every candidate of the exam, so it needs the write permission.
  'contests.read': ['editor', 'admin'],
  'contests.write': ['editor', 'admin'],
  // Writing exams and their questions (modules/exams/exams.admin.ts).
  'exams.write': ['editor', 'admin'],
  // Background jobs (modules/jobs): the queues' counts, failed jobs and their retry.
  'jobs.manage': ['admin'],
  // Personal data (modules/privacy): editors see requests and breaches; acting on them is the admin's.
  'privacy.read': ['editor', 'admin'],
  'privacy.write': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type StudioPermission = keyof typeof STUDIO_PERMISSIONS;

export { STUDIO_ROLES } from './studio-roles.ts';

export function can(role: Role | undefined, permission: StudioPermission): boolean {
  return role !== undefined && (STUDIO_PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** The viewer when it holds the permission; 401 when signed out, 403 otherwise (Vietnamese messages). */
export function requirePermission(viewer: Viewer | null, permission: StudioPermission): Viewer {
  if (!viewer) throw new AppError('UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục.');
  if (!can(viewer.role, permission)) throw new AppError('FORBIDDEN', 'Bạn không có quyền thực hiện thao tác này.');
  return viewer;
}

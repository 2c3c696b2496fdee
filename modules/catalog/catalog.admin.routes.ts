/**
 * The studio's teachers and subjects under /api/admin/, with the `site.write` permission (editors
 * and admins). Lists take ?format=csv. The studio's permission check arrives as `actorOf`
 * (server/routes.ts), like its audit log does for the service.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes as guard, listQuery, registerCrud } from '../../kernel/http/index.ts';
import * as schemas from './catalog.admin.schemas.ts';

/** The studio's actor, as the composition root typed the catalog's studio operations (modules/services.ts). */
type StudioActor = Parameters<FastifyRequest['services']['catalogAdmin']['saveTeacher']>[0];

export interface CatalogAdminRoutesOptions {
  /** The studio's permission check: the actor when the viewer holds the route's permission (401/403 otherwise). */
  actorOf: (request: FastifyRequest) => StudioActor;
}

/** Teachers and subjects: list (+CSV), create, read, update, delete. */
export const catalogAdminRoutes: FastifyPluginAsyncZod<CatalogAdminRoutesOptions> = async (app, { actorOf }) => {
  guard(app, actorOf);
  const catalog = (request: FastifyRequest) => request.services.catalogAdmin;

  registerCrud(app, {
    path: 'teachers',
    permission: 'site.write',
    noun: 'Giảng viên',
    csvName: 'giang-vien',
    item: schemas.teacherSchema,
    input: schemas.teacherInput,
    query: listQuery,
    list: (request, query) => catalog(request).listTeachers(query),
    csv: {
      header: ['id', 'ho_ten', 'chuc_danh', 'tai_khoan', 'so_khoa_hoc', 'dang_bat'],
      row: (t) => [t.id, t.full_name, t.headline, t.user_name, t.course_count, t.is_active ? 1 : 0],
    },
    get: (request, id) => catalog(request).teacher(id),
    save: (request, id, input) => catalog(request).saveTeacher(actorOf(request), id, input),
    remove: (request, id) => catalog(request).deleteTeacher(actorOf(request), id),
  });

  registerCrud(app, {
    path: 'subjects',
    permission: 'site.write',
    noun: 'Chủ đề',
    csvName: 'chu-de',
    item: schemas.subjectSchema,
    input: schemas.subjectInput,
    query: schemas.subjectsQuery,
    list: (request, query) => catalog(request).listSubjects(query),
    csv: {
      header: ['id', 'ten', 'loai', 'thu_tu', 'dang_bat'],
      row: (s) => [s.id, s.name, s.type, s.position, s.is_active ? 1 : 0],
    },
    get: (request, id) => catalog(request).subject(id),
    save: (request, id, input) => catalog(request).saveSubject(actorOf(request), id, input),
    remove: (request, id) => catalog(request).deleteSubject(actorOf(request), id),
  });
};

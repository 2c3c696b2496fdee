/**
 * The studio's teachers and subjects. A teacher profile may be linked to one user account with
 * the `teacher` role. Slugs come from the name once, at creation (links stay stable on rename).
 * Every write is audited and empties the catalog cache.
 */
import type { Kysely } from 'kysely';
import { nowIso, readDate, retryOnUniqueViolation } from '../../db/connect.ts';
import type { Database, Role } from '../../db/schema.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { AppError } from '../../lib/errors.ts';
import { slugify } from '../../lib/text/slug.ts';
import type { Cache } from '../cache/index.ts';
import { pageOf, type ListQuery } from '../../kernel/db/index.ts';
import * as repo from './catalog.admin.repository.ts';
import type { SubjectInput, TeacherInput } from './catalog.admin.schemas.ts';

/** What the catalog asks accounts (its owner) about the accounts a teacher profile links. */
export interface TeacherAccountsPort {
  rolesOf(ids: number[]): Promise<{ id: number; full_name: string; role: Role }[]>;
  teacherAccounts(): Promise<{ id: number; full_name: string; phone: string | null; email: string | null }[]>;
}

export type CatalogAdmin<Actor> = ReturnType<typeof createCatalogAdmin<Actor>>;

export function createCatalogAdmin<Actor>(deps: {
  db: Kysely<Database>;
  cache: Cache;
  /** The site's pages show teachers and subjects too: its cache is emptied on every write. */
  siteChanged: () => void;
  accounts: TeacherAccountsPort;
  /** The studio's audit log (the actor is the studio's: passed on, never read here). */
  audit: AuditLog<Actor>;
}) {
  const { db, cache, siteChanged, accounts, audit } = deps;
  const refresh = () => {
    cache.invalidate('catalog:');
    siteChanged();
  };

  /** A free slug from the name: `nguyen-van-a`, then `nguyen-van-a-2`, … */
  async function freeSlug(table: 'teachers' | 'subjects', name: string) {
    const base = slugify(name).slice(0, 100).replace(/-+$/, '') || (table === 'teachers' ? 'giang-vien' : 'chu-de');
    for (let n = 1; n < 1000; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await repo.slugTaken(db, table, slug))) return slug;
    }
    throw new AppError('CONFLICT', 'Không tạo được đường dẫn cho tên này. Vui lòng đổi tên.');
  }

  // ── Teachers ──

  async function listTeachers(query: ListQuery) {
    const teachers = await repo.listTeachers(db);
    const linked = teachers.flatMap((row) => (row.user_id === null ? [] : [row.user_id]));
    const names = new Map((await accounts.rolesOf(linked)).map((user) => [user.id, user.full_name]));
    const rows = teachers.map((row) => ({
      id: row.id,
      slug: row.slug,
      full_name: row.full_name,
      headline: row.headline,
      bio: row.bio,
      avatar: row.avatar,
      user_id: row.user_id,
      user_name: row.user_id === null ? null : (names.get(row.user_id) ?? null),
      course_count: Number(row.course_count ?? 0),
      is_active: row.is_active === 1,
      updated_at: readDate(row.updated_at).toISOString(),
    }));
    return pageOf(rows, query, (row) => [row.full_name, row.headline ?? '', row.slug]);
  }

  async function teacher(id: number) {
    const found = (await listTeachers({ page: 1, limit: 100_000 })).all.find((row) => row.id === id);
    if (!found) throw new AppError('NOT_FOUND', 'Không tìm thấy giảng viên.');
    return found;
  }

  async function checkAccount(id: number | null, userId: number | null) {
    if (userId === null) return;
    const field = (message: string) => ({ user_id: message });
    const [user] = await accounts.rolesOf([userId]);
    if (!user) throw new AppError('VALIDATION_FAILED', 'Không tìm thấy tài khoản.', field('Không tìm thấy tài khoản.'));
    if (user.role !== 'teacher') {
      const message = 'Chỉ liên kết được tài khoản có vai trò giảng viên.';
      throw new AppError('VALIDATION_FAILED', message, field(message));
    }
    const other = await repo.teacherOfUser(db, userId);
    if (other && other.id !== id) {
      const message = `Tài khoản này đã liên kết với giảng viên ${other.full_name}.`;
      throw new AppError('CONFLICT', message, field(message));
    }
  }

  async function saveTeacher(actor: Actor, id: number | null, input: TeacherInput) {
    if (id !== null) await teacher(id);
    const now = nowIso();
    const values = { ...input, is_active: input.is_active ? 1 : 0, updated_at: now };
    // A concurrent save taking the slug or the account: checked again, as if it had come first.
    const teacherId = await retryOnUniqueViolation(async () => {
      await checkAccount(id, input.user_id);
      if (id !== null) {
        await repo.updateTeacher(db, id, values);
        return id;
      }
      const slug = await freeSlug('teachers', input.full_name);
      return (await repo.insertTeacher(db, { ...values, slug, created_at: now })).id;
    });
    await audit(
      actor,
      id === null ? 'teacher.create' : 'teacher.update',
      { type: 'teacher', id: teacherId },
      {
        full_name: input.full_name,
        user_id: input.user_id,
        is_active: input.is_active,
      },
    );
    refresh();
    return teacher(teacherId);
  }

  async function deleteTeacher(actor: Actor, id: number) {
    const row = await teacher(id);
    await repo.deleteTeacher(db, id);
    await audit(actor, 'teacher.delete', { type: 'teacher', id }, { full_name: row.full_name });
    refresh();
    return { id };
  }

  // ── Subjects ──

  const subjectView = (row: NonNullable<Awaited<ReturnType<typeof repo.findSubject>>>) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    type: row.type,
    description: row.description,
    position: row.position,
    is_active: row.is_active === 1,
    updated_at: readDate(row.updated_at).toISOString(),
  });

  async function listSubjects(query: ListQuery & { type?: 'field' | 'topic' | undefined }) {
    const rows = (await repo.listSubjects(db))
      .filter((row) => query.type === undefined || row.type === query.type)
      .map(subjectView);
    return pageOf(rows, query, (row) => [row.name, row.slug]);
  }

  async function subject(id: number) {
    const row = await repo.findSubject(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy chủ đề.');
    return subjectView(row);
  }

  async function saveSubject(actor: Actor, id: number | null, input: SubjectInput) {
    if (id !== null) await subject(id);
    const now = nowIso();
    const values = { ...input, is_active: input.is_active ? 1 : 0, updated_at: now };
    let subjectId = id;
    if (subjectId === null) {
      subjectId = await retryOnUniqueViolation(
        async () =>
          (await repo.insertSubject(db, { ...values, slug: await freeSlug('subjects', input.name), created_at: now }))
            .id,
      );
    } else {
      await repo.updateSubject(db, subjectId, values);
    }
    await audit(actor, id === null ? 'subject.create' : 'subject.update', { type: 'subject', id: subjectId }, input);
    refresh();
    return subject(subjectId);
  }

  async function deleteSubject(actor: Actor, id: number) {
    const row = await subject(id);
    await repo.deleteSubject(db, id);
    await audit(actor, 'subject.delete', { type: 'subject', id }, { name: row.name });
    refresh();
    return { id };
  }

  return {
    teacherAccounts: () => accounts.teacherAccounts(),
    listTeachers,
    teacher,
    saveTeacher,
    deleteTeacher,
    listSubjects,
    subject,
    saveSubject,
    deleteSubject,
  };
}

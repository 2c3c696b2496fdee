/**
 * The studio user page's forms: lock / unlock (users.lock), role (roles.write), grant, extend and
 * revoke an enrolment (enrolments.write). Each answers with its intent, so its own form shows the
 * message and keeps what was typed.
 */
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { extendInput, grantInput, revokeInput, roleInput } from '../../../modules/studio/people.schemas';
import type { StudioPermission } from '../../../modules/studio/permissions';
import { formError, isFormState, keepValues, parseForm, runForm, type FormState } from '../../forms.server';
import { requireStudio } from '../../guards.server';

const PERMISSION: Record<string, StudioPermission> = {
  lock: 'users.lock',
  unlock: 'users.lock',
  role: 'roles.write',
  grant: 'enrolments.write',
  extend: 'enrolments.write',
  revoke: 'enrolments.write',
};

const enrolmentId = z.coerce.number().int().positive();

function done(intent: string, notice: string): FormState {
  return { intent, notice, message: '', fields: {}, values: {} };
}

export async function userAction(request: Request, context: AppLoadContext, userId: number) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const permission = PERMISSION[intent];
  if (!permission) return formError({ message: 'Thao tác không hợp lệ.', fields: {}, values: {} }, {}, 400);
  const viewer = requireStudio(request, context, permission);
  const actor = { viewer, ip: context.clientIp };
  const input = Object.fromEntries(form);
  const studio = context.services.studio;
  const people = context.services.enrolmentGrants;

  if (intent === 'lock' || intent === 'unlock') {
    return runForm({}, async () => {
      const user = await studio.setLocked(actor, userId, intent === 'lock');
      const ended = user.sessions_revoked ? ` Đã đăng xuất ${user.sessions_revoked} phiên.` : '';
      return done(intent, intent === 'lock' ? `Đã khóa tài khoản.${ended}` : 'Đã mở khóa tài khoản.');
    });
  }
  if (intent === 'role') {
    const values = keepValues(form, ['role']);
    const parsed = parseForm(roleInput, input);
    if (isFormState(parsed)) return formError(parsed, values, 400, intent);
    return runForm(
      values,
      async () => {
        const result = await context.services.accountsAdmin.setRole(actor, userId, parsed.role);
        return done(intent, result.changed ? 'Đã đổi vai trò.' : 'Vai trò không thay đổi.');
      },
      intent,
    );
  }
  if (intent === 'grant') {
    const values = keepValues(form, ['course_id', 'days', 'reason']);
    const parsed = parseForm(grantInput, input);
    if (isFormState(parsed)) return formError(parsed, values, 400, intent);
    return runForm(
      values,
      async () => {
        await people.grant(actor, userId, {
          course_id: parsed.course_id,
          days: parsed.days ?? null,
          reason: parsed.reason,
        });
        return done(intent, 'Đã cấp khóa học và báo cho học viên.');
      },
      intent,
    );
  }
  // extend / revoke one enrolment: the intent names it, so only its row shows the answer.
  const id = enrolmentId.safeParse(form.get('enrolment_id'));
  const rowIntent = `${intent}-${id.success ? id.data : 0}`;
  const values = keepValues(form, ['days', 'reason']);
  if (!id.success)
    return formError({ message: 'Không tìm thấy ghi danh.', fields: {}, values: {} }, values, 400, rowIntent);
  if (intent === 'extend') {
    const parsed = parseForm(extendInput, input);
    if (isFormState(parsed)) return formError(parsed, values, 400, rowIntent);
    return runForm(
      values,
      async () => {
        await people.extend(actor, userId, id.data, { days: parsed.days ?? null, reason: parsed.reason });
        return done(rowIntent, 'Đã gia hạn ghi danh.');
      },
      rowIntent,
    );
  }
  const parsed = parseForm(revokeInput, input);
  if (isFormState(parsed)) return formError(parsed, values, 400, rowIntent);
  return runForm(
    values,
    async () => {
      await people.revoke(actor, userId, id.data, parsed);
      return done(rowIntent, 'Đã thu hồi ghi danh.');
    },
    rowIntent,
  );
}

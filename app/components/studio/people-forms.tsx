/** The studio user page's forms: role, grant a course, extend or revoke one enrolment. */
import { Form } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/format/date';
import { FormMessage } from '../form-field';
import { buttonClass, inputClass } from './studio-ui';

export interface FormAnswer {
  intent?: string | undefined;
  notice?: string | undefined;
  message?: string | undefined;
  fields?: Record<string, string> | undefined;
  values?: Record<string, string> | undefined;
}

/** The answer when it belongs to this form. */
export function answerFor(answer: FormAnswer | undefined, intent: string): FormAnswer | undefined {
  return answer?.intent === intent ? answer : undefined;
}

function Answer({ answer }: { answer: FormAnswer | undefined }) {
  return (
    <>
      <FormMessage message={answer?.notice} tone="success" />
      <FormMessage message={!answer?.notice ? answer?.message : undefined} />
    </>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-loi`} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** A labelled control with its error (aria-describedby), for the small studio forms. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

const described = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-loi` } : {};

export function RoleForm({
  role,
  labels,
  answer,
}: {
  role: string;
  labels: Record<string, string>;
  answer: FormAnswer | undefined;
}) {
  const error = answer?.fields?.role;
  return (
    <Form method="post" className="mt-3 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
      <input type="hidden" name="intent" value="role" />
      <div className="sm:col-span-2">
        <Answer answer={answer} />
      </div>
      <Field id="vai-tro" label="Vai trò" error={error}>
        <select
          id="vai-tro"
          name="role"
          defaultValue={answer?.values?.role || role}
          className={inputClass}
          {...described('vai-tro', error)}
        >
          {Object.entries(labels).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className={buttonClass}>
        Đổi vai trò
      </button>
    </Form>
  );
}

export function GrantForm({
  courses,
  answer,
}: {
  courses: { id: number; title: string }[];
  answer: FormAnswer | undefined;
}) {
  const fields = answer?.fields ?? {};
  const values = answer?.values ?? {};
  return (
    <Form
      method="post"
      className="mb-4 rounded-2xl border border-slate-200 bg-white p-4"
      aria-labelledby="cap-khoa-hoc"
    >
      <h2 id="cap-khoa-hoc" className="mb-2 font-semibold">
        Cấp khóa học
      </h2>
      <Answer answer={answer} />
      <input type="hidden" name="intent" value="grant" />
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <Field id="cap-khoa" label="Khóa học hoặc gói" error={fields.course_id}>
          <select
            id="cap-khoa"
            name="course_id"
            defaultValue={values.course_id ?? ''}
            className={inputClass}
            {...described('cap-khoa', fields.course_id)}
          >
            <option value="">— Chọn khóa học —</option>
            {courses.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </select>
        </Field>
        <Field id="cap-ngay" label="Số ngày (trống = không thời hạn)" error={fields.days}>
          <input
            id="cap-ngay"
            name="days"
            inputMode="numeric"
            defaultValue={values.days ?? ''}
            className={inputClass}
            {...described('cap-ngay', fields.days)}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id="cap-ly-do" label="Lý do cấp" error={fields.reason}>
            <input
              id="cap-ly-do"
              name="reason"
              defaultValue={values.reason ?? ''}
              className={inputClass}
              {...described('cap-ly-do', fields.reason)}
            />
          </Field>
        </div>
      </div>
      <button type="submit" className={`${buttonClass} mt-3`}>
        Cấp khóa học
      </button>
    </Form>
  );
}

export interface EnrolmentItem {
  id: number;
  course_title: string;
  source: string;
  starts_at: string;
  ends_at: string | null;
  revoked_at: string | null;
}

export const SOURCE_TEXT: Record<string, string> = {
  order: 'mua',
  activation: 'mã kích hoạt',
  free: 'miễn phí',
  subscription: 'gói cước',
  studio: 'cấp từ studio',
};

/** One enrolment, with its extend and revoke forms for admins. */
export function EnrolmentRow({
  enrolment: e,
  canWrite,
  answer,
}: {
  enrolment: EnrolmentItem;
  canWrite: boolean;
  answer: FormAnswer | undefined;
}) {
  const extend = answerFor(answer, `extend-${e.id}`);
  const revoke = answerFor(answer, `revoke-${e.id}`);
  const mine = extend ?? revoke;
  const fields = mine?.fields ?? {};
  return (
    <li className="px-4 py-3">
      <p>
        <span className="font-medium">{e.course_title}</span> · {SOURCE_TEXT[e.source] ?? e.source} · từ{' '}
        {formatDate(e.starts_at)}
        {e.ends_at ? ` đến ${formatDate(e.ends_at)}` : ' · không thời hạn'}
        {e.revoked_at ? ` · đã thu hồi ${formatDateTime(e.revoked_at)}` : ''}
      </p>
      {canWrite && !e.revoked_at ? (
        <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-[120px_1fr_auto_auto] sm:items-end">
          <div className="sm:col-span-4">
            <Answer answer={mine} />
          </div>
          <input type="hidden" name="enrolment_id" value={e.id} />
          <Field id={`gh-ngay-${e.id}`} label="Thêm ngày" error={fields.days}>
            <input
              id={`gh-ngay-${e.id}`}
              name="days"
              inputMode="numeric"
              defaultValue={mine?.values?.days ?? ''}
              className={inputClass}
              {...described(`gh-ngay-${e.id}`, fields.days)}
            />
          </Field>
          <Field id={`gh-ly-do-${e.id}`} label="Lý do" error={fields.reason}>
            <input
              id={`gh-ly-do-${e.id}`}
              name="reason"
              defaultValue={mine?.values?.reason ?? ''}
              className={inputClass}
              {...described(`gh-ly-do-${e.id}`, fields.reason)}
            />
          </Field>
          <button type="submit" name="intent" value="extend" className={buttonClass}>
            Gia hạn
          </button>
          <button
            type="submit"
            name="intent"
            value="revoke"
            className="rounded-xl border border-red-300 px-4 py-2 font-medium text-red-800 hover:bg-red-50"
          >
            Thu hồi
          </button>
        </Form>
      ) : null}
    </li>
  );
}

import { Form, useNavigation } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import { retryBody } from '../../../modules/jobs/jobs.admin.schemas';
import { FormMessage } from '../../components/form-field';
import type { FormAnswer } from '../../components/studio/people-forms';
import { buttonClass, Empty, PageTitle } from '../../components/studio/studio-ui';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/jobs';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'jobs.manage');
  return context.services.jobsAdmin.overview();
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireStudio(request, context, 'jobs.manage');
  const form = await request.formData();
  const values = keepValues(form, ['name', 'id']);
  const intent = `retry-${values.id}`;
  const parsed = parseForm(retryBody, Object.fromEntries(form));
  if (isFormState(parsed)) return formError(parsed, values, 400, intent);
  return runForm(
    values,
    async () => {
      await context.services.jobsAdmin.retry({ viewer, ip: context.clientIp }, parsed.name, parsed.id);
      return { intent, notice: 'Đã đưa công việc vào hàng đợi để chạy lại.', message: '', fields: {}, values: {} };
    },
    intent,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Tác vụ nền — Studio' });

const COLUMNS = [
  ['queued', 'Đang chờ'],
  ['running', 'Đang chạy'],
  ['failed', 'Lỗi'],
  ['completed', 'Đã xong'],
] as const;

export default function StudioJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { started, engine, queues, failed } = loaderData;
  const answer = actionData as FormAnswer | undefined;
  const navigation = useNavigation();
  const pendingId = navigation.state !== 'idle' ? navigation.formData?.get('id') : null;
  const listed = failed.some((job) => answer?.intent === `retry-${job.id}`);
  return (
    <div>
      <PageTitle title="Tác vụ nền" />
      <p className="mb-3 text-sm text-slate-700">
        {started ? 'Hàng đợi đang chạy' : 'Hàng đợi chưa chạy trên máy chủ này'} ·{' '}
        {engine === 'postgres' ? 'PostgreSQL (pg-boss)' : 'SQLite'}
      </p>
      <FormMessage message={answer?.notice} tone="success" />
      {/* An error about a job no longer listed (retried meanwhile) shows here, not beside it. */}
      <FormMessage message={answer && !answer.notice && !listed ? answer.message : undefined} />
      <h2 className="mb-2 font-semibold">Hàng đợi</h2>
      {queues.length === 0 ? (
        <Empty>Chưa có hàng đợi nào.</Empty>
      ) : (
        <ul className="mb-6 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {queues.map((queue) => (
            <li key={queue.name} className="px-4 py-3">
              <p className="font-medium">{queue.label}</p>
              <p className="mb-2 break-all text-xs text-slate-600">{queue.name}</p>
              <dl className="grid grid-cols-4 gap-2 text-center">
                {COLUMNS.map(([key, label]) => (
                  <div key={key} className={key === 'failed' && queue.failed > 0 ? 'text-red-800' : ''}>
                    <dt className="text-xs text-slate-600">{label}</dt>
                    <dd className="font-semibold tabular-nums">{queue[key]}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mb-2 font-semibold">Việc lỗi gần đây</h2>
      {failed.length === 0 ? (
        <Empty>Không có việc nào bị lỗi.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {failed.map((job) => {
            const mine = answer?.intent === `retry-${job.id}` ? answer : undefined;
            const pending = pendingId === job.id;
            return (
              <li key={job.id} className="px-4 py-3" aria-labelledby={`viec-${job.id}`}>
                <p id={`viec-${job.id}`} className="font-medium">
                  {job.label}
                </p>
                <p className="text-slate-600">
                  {`${job.attempts} lần chạy · lỗi lúc ${job.failed_at ? formatDateTime(job.failed_at) : '—'} · tạo lúc ${formatDateTime(job.created_at)}`}
                </p>
                <p className="my-1 whitespace-pre-wrap break-words text-red-800">{job.error || 'Không rõ lỗi'}</p>
                <p className="mb-2 break-all text-xs text-slate-600">Mã: {job.id}</p>
                <FormMessage message={!mine?.notice ? mine?.message : undefined} />
                <Form method="post">
                  <input type="hidden" name="name" value={job.name} />
                  <input type="hidden" name="id" value={job.id} />
                  <button type="submit" className={buttonClass} disabled={pending}>
                    {pending ? 'Đang gửi…' : 'Chạy lại'}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

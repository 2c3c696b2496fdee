/** The profile's sign-in history, and signing out every other device. */
import { Form } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import type { FormState } from '../../forms.server';
import type { Route } from '../../routes/account/+types/profile';
import { FormMessage } from '../form-field';
import { Section } from './section';

export function SignInHistorySection({
  history,
  state,
}: {
  history: Route.ComponentProps['loaderData']['history'];
  state: FormState | undefined;
}) {
  return (
    <Section title="Lịch sử đăng nhập">
      <FormMessage message={state?.notice} tone="success" />
      <ul className="divide-y divide-slate-100 text-sm">
        {history.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium text-slate-800">{item.device}</span>
              <span className="text-slate-600">
                {' '}
                · {item.ip ?? 'IP không rõ'} · {formatDateTime(item.created_at)}
              </span>
            </span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs ${item.current ? 'bg-brand-50 text-brand-700' : item.active ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-600'}`}
            >
              {item.current ? 'Thiết bị này' : item.active ? 'Đang đăng nhập' : 'Đã đăng xuất'}
            </span>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="revoke_others" />
        <button
          type="submit"
          className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
        >
          Đăng xuất khỏi các thiết bị khác
        </button>
      </Form>
    </Section>
  );
}

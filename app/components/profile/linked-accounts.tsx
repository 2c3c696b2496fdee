/** The profile's linked accounts (Google, Facebook, Zalo, SSO): link through the provider, unlink with a form. */
import { Form, useNavigation, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format/date';
import type { LinkedAccount } from '../../../modules/identity/identity.service';
import type { FormState } from '../../forms.server';
import { FormMessage } from '../form-field';
import { Section } from './section';

/** What a provider's sign-in page sent the learner back with (?social=…&provider=…). */
const SOCIAL_RESULTS: Record<string, { tone: 'success' | 'error'; text: (label: string) => string }> = {
  linked: { tone: 'success', text: (label) => `Đã liên kết tài khoản ${label}.` },
  conflict: {
    tone: 'error',
    text: (label) =>
      `Tài khoản ${label} này đã được liên kết với một tài khoản khác, hoặc bạn đã liên kết một tài khoản ${label} khác.`,
  },
  expired: { tone: 'error', text: () => 'Phiên liên kết đã hết hạn. Vui lòng thử lại.' },
  cancelled: { tone: 'error', text: (label) => `Bạn đã hủy liên kết với ${label}.` },
  failed: { tone: 'error', text: (label) => `Không liên kết được tài khoản ${label}. Vui lòng thử lại sau.` },
};

/** Google, Facebook (and SSO) accounts: "Liên kết" only when the provider is configured; unlinking the only way to sign in is refused. */
export function LinkedAccountsSection({
  accounts,
  state,
}: {
  accounts: LinkedAccount[];
  state: FormState | undefined;
}) {
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  if (accounts.length === 0 || accounts.every((account) => !account.configured && !account.linked)) return null;
  const result = SOCIAL_RESULTS[params.get('social') ?? ''];
  const resultLabel = accounts.find((account) => account.provider === params.get('provider'))?.label ?? '';
  return (
    <Section title="Tài khoản liên kết">
      {result ? <FormMessage message={result.text(resultLabel)} tone={result.tone} /> : null}
      <FormMessage message={state?.notice} tone="success" />
      <FormMessage message={state?.message} />
      <ul className="divide-y divide-slate-100 text-sm">
        {accounts
          .filter((account) => account.configured || account.linked)
          .map((account) => (
            <li key={account.provider} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span>
                <span className="font-medium text-slate-800">{account.label}</span>
                <span className="text-slate-600">
                  {' · '}
                  {account.linked
                    ? `Đã liên kết${account.linked.email ? ` (${account.linked.email})` : ''} · ${formatDateTime(account.linked.created_at)}`
                    : 'Chưa liên kết'}
                </span>
              </span>
              {account.linked ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="unlink_social" />
                  <input type="hidden" name="provider" value={account.provider} />
                  <button
                    type="submit"
                    disabled={busy}
                    className="rounded-xl border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50"
                  >
                    Hủy liên kết
                  </button>
                </Form>
              ) : account.configured ? (
                <a
                  href={`/api/user/social_network/${account.provider}/start`}
                  className="rounded-xl bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  Liên kết
                </a>
              ) : null}
            </li>
          ))}
      </ul>
    </Section>
  );
}

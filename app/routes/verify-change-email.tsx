import { Link } from 'react-router';
import { isAppError } from '../../lib/errors';
import { PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/verify-change-email';

/** /verify-change-email?token=…: the link from the confirmation e-mail applies the new address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (!token || token.length > 200) return { ok: false, message: 'Liên kết xác nhận không hợp lệ.' };
  try {
    const user = await context.services.accounts.confirmEmailChange(token);
    return { ok: true, message: `Email của bạn đã được đổi thành ${user.email ?? ''}.` };
  } catch (error) {
    if (isAppError(error)) return { ok: false, message: error.message };
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Xác nhận đổi email' });

export default function VerifyChangeEmailPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title="Xác nhận đổi email">
      <div
        role="status"
        className={`rounded-2xl border p-6 ${loaderData.ok ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-900'}`}
      >
        <p className="font-semibold" data-testid="verify-email-result">
          {loaderData.message}
        </p>
        <Link to="/tai-khoan/ho-so" className="btn-primary mt-4">
          Về trang hồ sơ
        </Link>
      </div>
    </PageFrame>
  );
}

import { Link, redirect } from 'react-router';
import { PageFrame } from '../components/page-frame';
import { requestMeta, sessionHeaders } from '../forms.server';
import { buildMeta } from '../meta';
import type { Route } from './+types/callback';

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Đang xác thực' });

/**
 * Where the operator's recognition service sends the visitor back (SPEC §6): the encrypted number
 * in `link` is read, the attempt is settled (never a second redirect), and the visitor returns to
 * the page they wanted, signed in when a trusted operator recognised an account's number, or with
 * the number pre-filled for sign-in otherwise.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const identity = context.services.identity;
  if (!identity) throw redirect('/');
  const outcome = await identity.completeRecognition(
    new URL(request.url).searchParams,
    request.headers.get('cookie') ?? undefined,
    requestMeta(request, context),
    { signedIn: context.viewer !== null },
  );
  const headers = outcome.signedIn ? sessionHeaders(context, outcome.signedIn) : new Headers();
  for (const cookie of outcome.cookies) headers.append('Set-Cookie', cookie);
  headers.set('Cache-Control', 'no-store');
  throw redirect(outcome.location, { headers });
}

export default function CallbackPage() {
  return (
    <PageFrame title="Đang xác thực">
      <p className="text-slate-700">Đang nhận diện số thuê bao của bạn…</p>
      <Link to="/" className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
        Quay về trang chủ
      </Link>
    </PageFrame>
  );
}

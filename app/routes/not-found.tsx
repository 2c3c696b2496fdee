import { data } from 'react-router';
import { NotFoundScreen } from '../components/shell/not-found-screen';
import { buildMeta } from '../meta';
import type { Route } from './+types/not-found';

export function loader() {
  return data({ ok: true }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Không tìm thấy trang' });

export default function NotFoundPage() {
  return <NotFoundScreen />;
}

import { redirect } from 'react-router';
import { CertificateLookup } from '../components/certificates/certificate-card';
import { PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { Route } from './+types/certificate-lookup';

/** /chung-chi?ma=…: a typed code goes to its verification page (any spelling is accepted there). */
export function loader({ request }: Route.LoaderArgs) {
  const typed = new URL(request.url).searchParams.get('ma')?.trim() ?? '';
  if (typed) throw redirect(`/chung-chi/${encodeURIComponent(typed.toUpperCase())}`);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta(matches, {
    title: 'Xác minh chứng chỉ',
    description: 'Nhập mã chứng chỉ để kiểm tra chứng chỉ hoàn thành khóa học do Khai Trí cấp.',
  });

export default function CertificateLookupPage() {
  return (
    <PageFrame title="Xác minh chứng chỉ">
      <div className="max-w-xl space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <p className="text-slate-700">
          Mỗi chứng chỉ có một mã dạng <strong>KT-XXXX-XXXX</strong> in ở cuối chứng chỉ. Nhập mã để xem chứng chỉ có
          hợp lệ không.
        </p>
        <CertificateLookup />
      </div>
    </PageFrame>
  );
}

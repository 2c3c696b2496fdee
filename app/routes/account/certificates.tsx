import { Link } from 'react-router';
import { formatDate } from '../../../lib/format/date';
import { requireViewer } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/certificates';

/** My certificates; any missing for a course I have completed is issued as the list opens. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return { certificates: await context.services.certificates.listMine(viewer.id) };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Chứng chỉ của tôi' });

export default function MyCertificatesPage({ loaderData }: Route.ComponentProps) {
  const { certificates } = loaderData;
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Chứng chỉ của tôi</h1>
      {certificates.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-4 py-10 text-center text-slate-600">
          <p>Bạn chưa có chứng chỉ nào. Hoàn thành một khóa học để nhận chứng chỉ.</p>
          <Link to="/tai-khoan/khoa-hoc-cua-toi" className="mt-3 inline-block font-semibold text-brand-700 underline">
            Khóa học của tôi
          </Link>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {certificates.map((certificate) => (
            <li key={certificate.code} className="rounded-2xl border border-slate-200 bg-white p-4">
              <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                {certificate.contest ? 'Chứng nhận kết quả kỳ thi' : 'Chứng chỉ hoàn thành'}
                {certificate.revoked ? <span className="ml-2 text-red-700">· Đã thu hồi</span> : null}
              </p>
              <h2 className="mt-1 font-bold text-slate-900">{certificate.course_title}</h2>
              <p className="mt-1 text-sm text-slate-600">
                Cấp ngày {formatDate(certificate.issued_at)} · Mã <strong>{certificate.code}</strong>
              </p>
              <p className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm font-semibold">
                <Link to={`/chung-chi/${certificate.code}`} className="text-brand-700 underline">
                  {certificate.revoked ? 'Xem lý do thu hồi' : 'Xem chứng chỉ'}
                </Link>
                {certificate.revoked ? null : (
                  <>
                    <Link to={`/chung-chi/${certificate.code}/in`} className="text-brand-700 underline">
                      In
                    </Link>
                    <a href={certificate.pdf_url} download className="text-brand-700 underline">
                      Tải PDF
                    </a>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

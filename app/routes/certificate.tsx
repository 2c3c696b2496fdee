import { data, Link, useRouteLoaderData } from 'react-router';
import { formatDate } from '../../lib/format/date';
import {
  CertificateLookup,
  CertificateSheet,
  contestResultLine,
  PdfLink,
} from '../components/certificates/certificate-card';
import { PageFrame } from '../components/page-frame';
import { buildMeta } from '../meta';
import type { RootData } from '../root';
import type { Route } from './+types/certificate';

/** /chung-chi/{code}: public verification — valid (learner, course or contest result, date), revoked (since when, why) or not found (404). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const certificate = await context.services.certificates.verify(params.code);
  if (!certificate) return data({ code: params.code, certificate: null }, { status: 404 });
  return { code: certificate.code, certificate };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildMeta(matches, {
    title: loaderData?.certificate
      ? `Chứng chỉ ${loaderData.certificate.code}${loaderData.certificate.revoked ? ' (đã thu hồi)' : ''}`
      : 'Không tìm thấy chứng chỉ',
    description: loaderData?.certificate
      ? loaderData.certificate.contest
        ? `Chứng nhận kết quả kỳ thi “${loaderData.certificate.course_title}” cấp cho ${loaderData.certificate.learner_name}.`
        : `Chứng chỉ hoàn thành khóa học “${loaderData.certificate.course_title}” cấp cho ${loaderData.certificate.learner_name}.`
      : 'Mã chứng chỉ không hợp lệ.',
  });

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { certificate, code } = loaderData;
  const crumbs = [{ label: 'Xác minh chứng chỉ', to: '/chung-chi' }];
  if (!certificate) {
    return (
      <PageFrame title="Không tìm thấy chứng chỉ" crumbs={crumbs}>
        <div className="max-w-xl space-y-4">
          <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
            <strong>Không hợp lệ:</strong> không có chứng chỉ nào mang mã “{code}”. Hãy kiểm tra lại mã (chữ O và số 0,
            chữ I và số 1 không dùng trong mã).
          </p>
          <CertificateLookup defaultValue={code} />
        </div>
      </PageFrame>
    );
  }
  if (certificate.revoked) {
    return (
      <PageFrame title={`Chứng chỉ ${certificate.code}`} crumbs={crumbs}>
        <div className="max-w-xl space-y-4">
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
            <p className="font-semibold">✗ Chứng nhận đã bị thu hồi</p>
            <p className="text-sm">
              Chứng nhận cấp cho <strong>{certificate.learner_name}</strong>, dự thi “{certificate.course_title}”, không
              còn hiệu lực từ ngày {formatDate(certificate.revoked.at)}. {certificate.revoked.reason}
            </p>
          </div>
          {certificate.contest?.slug ? (
            <Link
              to={`/cong-thi/${certificate.contest.slug}`}
              className="inline-block py-2.5 font-semibold text-brand-700"
            >
              Xem kỳ thi
            </Link>
          ) : null}
        </div>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={`Chứng chỉ ${certificate.code}`} crumbs={crumbs}>
      <div className="space-y-4">
        <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
          <p className="font-semibold">✓ Chứng chỉ hợp lệ</p>
          {certificate.contest ? (
            <p className="text-sm">
              Cấp cho <strong>{certificate.learner_name}</strong>, dự thi “{certificate.course_title}” (
              {contestResultLine(certificate.contest)}) ngày {formatDate(certificate.issued_at)}.
            </p>
          ) : (
            <p className="text-sm">
              Cấp cho <strong>{certificate.learner_name}</strong>, hoàn thành khóa học “{certificate.course_title}” ngày{' '}
              {formatDate(certificate.issued_at)}.
            </p>
          )}
        </div>
        <CertificateSheet certificate={certificate} siteName={root?.config.siteName ?? 'Khai Trí'} />
        <div className="flex flex-wrap gap-3">
          <Link to={`/chung-chi/${certificate.code}/in`} className="btn-primary">
            In chứng chỉ
          </Link>
          <PdfLink href={certificate.pdf_url} />
          {certificate.contest?.slug ? (
            <Link to={`/cong-thi/${certificate.contest.slug}`} className="px-4 py-2.5 font-semibold text-brand-700">
              Xem kỳ thi
            </Link>
          ) : null}
          {certificate.course_slug ? (
            <Link to={`/khoa-hoc/${certificate.course_slug}`} className="px-4 py-2.5 font-semibold text-brand-700">
              Xem khóa học
            </Link>
          ) : null}
        </div>
      </div>
    </PageFrame>
  );
}

import { Form } from 'react-router';
import { formatDate } from '../../../lib/format/date';

export interface CertificateFacts {
  code: string;
  learner_name: string;
  course_title: string;
  issued_at: string;
  contest: { score: number; max_score: number; rank: number | null; candidates: number | null } | null;
}

const points = (value: number) => value.toLocaleString('vi-VN', { maximumFractionDigits: 2 });

/** A contest result as a certificate states it: "Điểm 7,5/10 · Hạng 2/8". */
export function contestResultLine(contest: NonNullable<CertificateFacts['contest']>): string {
  const score = `Điểm ${points(contest.score)}/${points(contest.max_score)}`;
  return contest.rank !== null && contest.candidates !== null
    ? `${score} · Hạng ${contest.rank}/${contest.candidates}`
    : score;
}

/** The certificate itself, as printed (A4 landscape on paper) and shown on the verification page. */
export function CertificateSheet({ certificate, siteName }: { certificate: CertificateFacts; siteName: string }) {
  const contest = certificate.contest;
  return (
    <article
      aria-label={`Chứng chỉ ${certificate.code}`}
      className="certificate-sheet mx-auto flex aspect-[297/210] w-full max-w-4xl flex-col items-center justify-center gap-2 rounded-lg border-4 border-double border-brand-600 bg-white p-4 text-center sm:gap-4 sm:p-10"
    >
      <p className="text-xs font-bold uppercase tracking-widest text-brand-700 sm:text-base">{siteName}</p>
      <p className="text-lg font-extrabold text-slate-900 sm:text-3xl">
        {contest ? 'CHỨNG NHẬN KẾT QUẢ KỲ THI' : 'CHỨNG CHỈ HOÀN THÀNH KHÓA HỌC'}
      </p>
      <p className="text-xs text-slate-600 sm:text-base">{contest ? 'Chứng nhận thí sinh' : 'Chứng nhận học viên'}</p>
      <p className="text-xl font-extrabold text-slate-900 sm:text-4xl" data-testid="certificate-learner">
        {certificate.learner_name}
      </p>
      <p className="text-xs text-slate-600 sm:text-base">{contest ? 'đã dự thi' : 'đã hoàn thành khóa học'}</p>
      <p className="text-base font-bold text-slate-900 sm:text-2xl">{certificate.course_title}</p>
      {contest ? (
        <p className="text-sm font-semibold text-brand-700 sm:text-xl" data-testid="certificate-result">
          {contestResultLine(contest)}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-600 sm:text-sm">
        Ngày cấp: {formatDate(certificate.issued_at)} · Mã chứng chỉ: <strong>{certificate.code}</strong>
      </p>
    </article>
  );
}

/** Look a certificate up by its code (a plain GET form: works without JavaScript). */
export function CertificateLookup({ defaultValue = '', error }: { defaultValue?: string; error?: string | undefined }) {
  return (
    <Form method="get" action="/chung-chi" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor="ma-chung-chi" className="mb-1 block text-sm font-medium text-slate-800">
          Mã chứng chỉ
        </label>
        <input
          id="ma-chung-chi"
          name="ma"
          defaultValue={defaultValue}
          placeholder="KT-XXXX-XXXX"
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={40}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'ma-chung-chi-loi' : undefined}
          className="w-full rounded-xl border border-slate-300 px-3 py-2.5 uppercase focus:border-brand-600"
        />
      </div>
      <button type="submit" className="btn-primary">
        Kiểm tra
      </button>
      {error ? (
        <p id="ma-chung-chi-loi" role="alert" className="text-sm text-red-700 sm:hidden">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/** The PDF download (a plain link: the browser saves `chung-chi-{code}.pdf`). */
export function PdfLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      download
      className="rounded-xl border border-brand-600 px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
    >
      Tải PDF
    </a>
  );
}

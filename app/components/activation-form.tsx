import { Form, Link, useNavigation } from 'react-router';
import { formatDate } from '../../lib/format/date';
import type { Redemption } from '../../modules/activation/activation.service';
import { FormField, FormMessage, SubmitButton } from './form-field';

export type ActivationResult =
  | { redeemed: Redemption }
  | { message: string; fields: Record<string, string>; values: Record<string, string> }
  | undefined;

/** The activation code form and its success state (/tai-khoan/kich-hoat-khoa-hoc and /active). */
export function ActivationForm({ result }: { result: ActivationResult }) {
  const busy = useNavigation().state === 'submitting';
  const redeemed = result && 'redeemed' in result ? result.redeemed : null;
  const failure = result && 'message' in result ? result : null;
  return (
    <div className="max-w-xl space-y-4">
      {redeemed ? <ActivationSuccess redeemed={redeemed} /> : null}
      {failure && !failure.fields.code ? <FormMessage message={failure.message} /> : null}
      <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <p className="mb-4 text-slate-700">
          Nhập mã kích hoạt in trên thẻ học hoặc gửi kèm tin nhắn để mở khóa học ngay trên tài khoản của bạn.
        </p>
        <Form method="post" key={redeemed ? redeemed.code : 'ma-kich-hoat'} noValidate>
          <FormField
            label="Mã kích hoạt"
            name="code"
            defaultValue={failure?.values.code ?? ''}
            placeholder="VD: KTTH-U234-5678"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            required
            hint="Mã gồm 12 ký tự chữ và số; không phân biệt chữ hoa, chữ thường, dấu cách hay gạch ngang."
            error={failure?.fields.code}
          />
          <SubmitButton busy={busy}>Kích hoạt</SubmitButton>
        </Form>
        <p className="mt-4 text-sm text-slate-600">
          Gặp khó khăn?{' '}
          <Link to="/ho-tro-khach-hang/cach-kich-hoat-khoa-hoc-bang-ma" className="text-brand-700 hover:underline">
            Xem hướng dẫn kích hoạt
          </Link>
        </p>
      </section>
    </div>
  );
}

function ActivationSuccess({ redeemed }: { redeemed: Redemption }) {
  const extra = redeemed.course_ids.length - 1;
  return (
    <section
      role="status"
      aria-labelledby="kich-hoat-thanh-cong"
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900 sm:p-6"
    >
      <h2 id="kich-hoat-thanh-cong" className="text-lg font-bold">
        Kích hoạt thành công!
      </h2>
      <p className="mt-1">
        Bạn đã có khóa học <strong>{redeemed.course.title}</strong>
        {extra > 0 ? ` cùng ${extra} khóa học trong combo` : ''}.{' '}
        {redeemed.ends_at
          ? `Bạn được học đến hết ngày ${formatDate(redeemed.ends_at)}.`
          : 'Bạn được học không giới hạn thời gian.'}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={redeemed.study_url} className="btn-primary">
          Vào học ngay
        </Link>
        <Link
          to={`/khoa-hoc/${redeemed.course.slug}`}
          className="rounded-xl border border-emerald-700 px-4 py-2 font-semibold text-emerald-800 hover:bg-emerald-100"
        >
          Xem khóa học
        </Link>
      </div>
    </section>
  );
}

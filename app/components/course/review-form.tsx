import { Fragment } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { FormMessage } from '../form-field';

export interface ReviewFormState {
  signedIn: boolean;
  canReview: boolean;
  review: { rating: number; comment: string | null } | null;
}

/**
 * The course page's review form: stars as a radio group (arrow keys move, Space picks) and a
 * comment. Learners enrolled in the course post or edit their one review; others are told why not.
 */
export function ReviewForm({
  state,
  loginUrl,
  result,
}: {
  state: ReviewFormState;
  loginUrl: string;
  result?: { notice?: string; message?: string; fields?: Record<string, string>; values?: Record<string, string> };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'review';
  if (!state.signedIn) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-4 text-slate-700">
        <Link to={loginUrl} className="font-semibold text-brand-700 underline">
          Đăng nhập
        </Link>{' '}
        và đăng ký khóa học để gửi đánh giá của bạn.
      </p>
    );
  }
  if (!state.canReview) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-4 text-slate-700">
        Chỉ học viên đã đăng ký khóa học mới có thể đánh giá.
      </p>
    );
  }
  const error = result?.notice ? undefined : result?.message;
  const rating = Number(result?.values?.rating ?? state.review?.rating ?? 0);
  const comment = result?.values?.comment ?? state.review?.comment ?? '';
  const editing = state.review !== null;
  return (
    <Form method="post" className="rounded-2xl border border-slate-200 bg-white p-4" aria-labelledby="viet-danh-gia">
      <h3 id="viet-danh-gia" className="mb-3 font-bold text-slate-900">
        {editing ? 'Sửa đánh giá của bạn' : 'Viết đánh giá'}
      </h3>
      <FormMessage message={result?.notice} tone="success" />
      <FormMessage message={error} />
      <input type="hidden" name="intent" value="review" />
      <fieldset className="mb-3">
        <legend className="mb-1 text-sm font-medium text-slate-800">Số sao</legend>
        {/* A star lights when it is chosen or a higher one is (arrow keys move through them in order). */}
        <div className="flex w-fit gap-1 rounded-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
          {[1, 2, 3, 4, 5].map((star) => (
            <Fragment key={star}>
              <input
                type="radio"
                id={`sao-${star}`}
                name="rating"
                value={star}
                defaultChecked={rating === star}
                className="sr-only"
                aria-describedby={result?.fields?.rating ? 'sao-loi' : undefined}
              />
              <label
                htmlFor={`sao-${star}`}
                title={`${star} sao`}
                className="cursor-pointer px-0.5 text-3xl leading-none text-slate-300 hover:text-amber-400 [:checked+&]:text-amber-500 [&:has(~:checked)]:text-amber-500 [&:has(~label:hover)]:text-amber-400"
              >
                <span aria-hidden="true">★</span>
                <span className="sr-only">{star} sao</span>
              </label>
            </Fragment>
          ))}
        </div>
        {result?.fields?.rating ? (
          <p id="sao-loi" className="mt-1 text-sm text-red-700">
            {result.fields.rating}
          </p>
        ) : null}
      </fieldset>
      <label htmlFor="nhan-xet" className="mb-1 block text-sm font-medium text-slate-800">
        Nhận xét (không bắt buộc)
      </label>
      <textarea
        id="nhan-xet"
        name="comment"
        rows={3}
        maxLength={2000}
        defaultValue={comment}
        className="mb-3 w-full rounded-xl border border-slate-300 px-3 py-2.5 focus:border-brand-600"
      />
      <button type="submit" className="btn-primary disabled:opacity-60" disabled={busy}>
        {busy ? 'Đang gửi…' : editing ? 'Sửa đánh giá' : 'Gửi đánh giá'}
      </button>
    </Form>
  );
}

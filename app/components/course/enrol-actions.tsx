import { Form, Link, useNavigation } from 'react-router';
import { FormMessage } from '../form-field';

/**
 * The course page's buttons: "Vào học" (a learner who owns the course goes to study; a free course
 * enrols first, through the page action), or "Mua ngay" / "Thêm vào giỏ hàng" with the first package.
 */
export function EnrolActions({
  course,
  owned,
  error,
}: {
  course: { slug: string; is_free: boolean; pods: { id: number }[] };
  owned: boolean;
  error?: string | undefined;
}) {
  const busy = useNavigation().state === 'submitting';
  if (owned) {
    return (
      <Link to={`/vao-hoc/${course.slug}`} className="btn-primary w-full">
        Vào học
      </Link>
    );
  }
  if (course.is_free) {
    return (
      <Form method="post">
        <FormMessage message={error} />
        <input type="hidden" name="intent" value="enrol" />
        <button type="submit" className="btn-primary w-full disabled:opacity-60" disabled={busy}>
          {busy ? 'Đang ghi danh…' : 'Vào học'}
        </button>
      </Form>
    );
  }
  const cartUrl = `/gio-hang?pod=${course.pods[0]?.id ?? ''}`;
  return (
    <>
      <Link to={cartUrl} className="btn-primary w-full">
        Mua ngay
      </Link>
      <Link
        to={cartUrl}
        className="flex w-full justify-center rounded-xl border border-brand-600 px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
      >
        Thêm vào giỏ hàng
      </Link>
    </>
  );
}

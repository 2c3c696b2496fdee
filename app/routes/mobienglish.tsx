import { Form, Link } from 'react-router';
import { isAppError } from '../../lib/errors';
import { formatMoney } from '../../lib/format/money';
import { describePackageLabel } from '../../lib/format/price-periods';
import { buildMeta } from '../meta';
import type { Route } from './+types/mobienglish';

/** The MobiEnglish partner course, when the catalog has it: its packages with price and cycle, each one to buy. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const course = await context.services.course.getCourseDetails({ slug: 'mobienglish-tieng-anh-moi-ngay' });
    return { course: { slug: course.slug, pods: course.pods } };
  } catch (error) {
    if (isAppError(error)) return { course: null };
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta(matches, {
    title: 'MobiEnglish — Tiếng Anh mỗi ngày',
    description: 'Học tiếng Anh mỗi ngày trên điện thoại với gói cước MobiEnglish.',
  });

/** /mobienglish: a landing page with its own layout (no site header or footer). */
export default function MobiEnglishPage({ loaderData }: Route.ComponentProps) {
  const { course } = loaderData;
  return (
    <div data-layout="mobienglish" className="min-h-dvh bg-gradient-to-b from-emerald-600 to-emerald-800 text-white">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4">
        <span className="text-xl font-extrabold">MobiEnglish</span>
        <Link to="/" className="rounded-lg bg-white/15 px-3 py-2 text-sm font-semibold hover:bg-white/25">
          Về Khai Trí
        </Link>
      </header>
      <main id="noi-dung" className="mx-auto max-w-5xl px-4 py-12">
        <h1 className="text-3xl font-extrabold sm:text-4xl">Tiếng Anh mỗi ngày, ngay trên điện thoại</h1>
        <p className="mt-4 max-w-2xl text-lg text-emerald-50">Bài học ngắn 10 phút, luyện nghe nói cùng giáo viên.</p>
        {course && course.pods.length > 0 ? (
          <section aria-labelledby="goi-cuoc" className="mt-8 max-w-2xl">
            <h2 id="goi-cuoc" className="mb-3 text-xl font-bold">
              Các gói cước
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2">
              {course.pods.map((pod) => (
                <li key={pod.id} className="rounded-2xl bg-white/10 p-4">
                  <p className="font-semibold">{pod.name ?? describePackageLabel(pod.cycle)}</p>
                  <p className="text-2xl font-extrabold">{formatMoney(pod.price, pod.cycle)}</p>
                  <p className="mt-1 text-sm text-emerald-50">
                    Tự động gia hạn theo chu kỳ, trừ vào tài khoản di động. Hủy gói miễn phí bất cứ lúc nào.
                  </p>
                  {/* "Mua ngay" of the course page with this package: on to the checkout. */}
                  <Form method="post" action={`/khoa-hoc/${course.slug}`} className="mt-3">
                    <input type="hidden" name="intent" value="buy" />
                    <input type="hidden" name="pod_id" value={pod.id} />
                    <button
                      type="submit"
                      className="min-h-11 w-full rounded-xl bg-white px-4 font-semibold text-emerald-800 hover:bg-emerald-50"
                    >
                      {`Đăng ký ${pod.name ?? describePackageLabel(pod.cycle)}`}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
            <Link
              to={`/khoa-hoc/${course.slug}`}
              className="mt-6 inline-flex min-h-11 items-center font-semibold text-white underline"
            >
              Xem chi tiết khóa học
            </Link>
          </section>
        ) : (
          <p className="mt-4 text-emerald-50">Các gói học và cách đăng ký sẽ sớm có tại đây.</p>
        )}
      </main>
    </div>
  );
}

import { Link } from 'react-router';
import { buildMeta } from '../meta';
import type { Route } from './+types/mobienglish';

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta(matches, {
    title: 'MobiEnglish — Tiếng Anh mỗi ngày',
    description: 'Học tiếng Anh mỗi ngày trên điện thoại với gói cước MobiEnglish.',
  });

/** /mobienglish: a landing page with its own layout (no site header or footer). */
export default function MobiEnglishPage() {
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
        <p className="mt-4 max-w-2xl text-lg text-emerald-50">
          Bài học ngắn 10 phút, luyện nghe nói cùng giáo viên. Các gói học và cách đăng ký sẽ sớm có tại đây.
        </p>
      </main>
    </div>
  );
}

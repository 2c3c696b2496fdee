import { Link } from 'react-router';
import { InstallPageOffer } from '../components/install/install-offer';
import { PageFrame } from '../components/page-frame';
import { buildSeoMeta } from '../seo';
import type { Route } from './+types/app-install';

/**
 * /tai-app ("Tải ứng dụng", the footer banner's link): the installable web app (decision 0015) —
 * what it gives and how to install it from this browser. There is no store listing to send anyone to.
 */
export const meta: Route.MetaFunction = ({ matches }) =>
  buildSeoMeta(matches, {
    title: 'Ứng dụng Khai Trí',
    description:
      'Cài ứng dụng Khai Trí lên màn hình chính điện thoại: mở khóa học bằng một chạm, nhận nhắc lịch học và thông báo bài mới.',
    path: '/tai-app',
  });

const REASONS = [
  {
    title: 'Mở bằng một chạm',
    text: 'Biểu tượng Khai Trí nằm trên màn hình chính; ứng dụng mở toàn màn hình, không thanh địa chỉ.',
  },
  {
    title: 'Nhắc lịch học, báo bài mới',
    text: 'Bật thông báo trong mục Thông báo của tài khoản để nhận nhắc lịch thi, bài học mới và ưu đãi.',
  },
  {
    title: 'Khóa học “Chỉ học trên App”',
    text: 'Một số khóa học chỉ mở trong ứng dụng: cài xong là học được ngay, cùng tài khoản và tiến độ.',
  },
  {
    title: 'Nhẹ, không cần kho ứng dụng',
    text: 'Cài thẳng từ trình duyệt, không qua kho ứng dụng; mỗi lần mở là phiên bản mới nhất.',
  },
];

export default function AppInstallPage() {
  return (
    <PageFrame title="Ứng dụng Khai Trí">
      <div className="space-y-6">
        <ul className="grid gap-3 sm:grid-cols-2">
          {REASONS.map((reason) => (
            <li key={reason.title} className="rounded-2xl border border-slate-200 bg-white p-4">
              <h2 className="font-semibold text-slate-900">{reason.title}</h2>
              <p className="mt-1 text-sm text-slate-700">{reason.text}</p>
            </li>
          ))}
        </ul>
        <section aria-labelledby="cai-dat" className="rounded-2xl bg-brand-50 px-4 py-5 text-slate-800">
          <h2 id="cai-dat" className="text-lg font-bold text-brand-800">
            Cài đặt trên điện thoại này
          </h2>
          <InstallPageOffer />
        </section>
        <p className="text-sm text-slate-600">
          Không cài cũng học được: mọi khóa học (trừ khóa “Chỉ học trên App”) đều mở trên trình duyệt.{' '}
          <Link to="/khoa-hoc" className="font-semibold text-brand-700 underline">
            Xem khóa học
          </Link>
        </p>
      </div>
    </PageFrame>
  );
}

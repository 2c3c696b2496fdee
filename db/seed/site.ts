import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import {
  createBanner,
  createNavigationItem,
  createPage,
  createRouteRule,
  setSetting,
} from '../../tests/factories/site.ts';
import { DEMO_BANNERS } from './banners-data.ts';
import { renderBannerSvg, writeSvg } from './svg.ts';

export async function seedSite(db: Kysely<Database>, uploadsDir: string): Promise<void> {
  const settings: Record<string, string> = {
    BACKGROUND_HOME_PC: writeSvg(
      uploadsDir,
      'seed/background-home-pc.svg',
      renderBannerSvg({ title: '', width: 1920, height: 640, seed: 0, motif: null }),
    ),
    BACKGROUND_HOME_MB: writeSvg(
      uploadsDir,
      'seed/background-home-mb.svg',
      renderBannerSvg({ title: '', width: 750, height: 900, seed: 0, motif: null }),
    ),
    NUMBER_SCHOOL: '1.250',
    NUMBER_LESSON: '18.600',
    NUMBER_STUDENT: '2.400.000',
    NUMBER_PARTNER: '120',
    COLOR_BANNER_HOME: '#0b5fff',
  };
  for (const [key, value] of Object.entries(settings)) await setSetting(db, key, value);

  const header = [
    { title: 'Khóa học', url: '/khoa-hoc' },
    { title: 'Cổng thi', url: '/cong-thi' },
    { title: 'Giải pháp', url: '/giai-phap' },
    { title: 'Tin tức', url: '/tin-tuc' },
    { title: 'Hỗ trợ', url: '/ho-tro-khach-hang' },
  ];
  for (const [position, item] of header.entries())
    await createNavigationItem(db, { menu: 'header', position, ...item });

  const footerGroups: Array<{ title: string; children: Array<{ title: string; url: string }> }> = [
    {
      title: 'Về Khai Trí',
      children: [
        { title: 'Giới thiệu', url: '/gioi-thieu' },
        { title: 'Liên hệ', url: '/lien-he' },
        { title: 'Điều khoản sử dụng', url: '/dieu-khoan-su-dung' },
        { title: 'Chính sách bảo mật', url: '/chinh-sach-bao-mat' },
      ],
    },
    {
      title: 'Học tập',
      children: [
        { title: 'Tất cả khóa học', url: '/khoa-hoc' },
        { title: 'Kích hoạt khóa học', url: '/tai-khoan/kich-hoat-khoa-hoc' },
        { title: 'Khóa học của tôi', url: '/tai-khoan/khoa-hoc-cua-toi' },
      ],
    },
    {
      title: 'Hỗ trợ',
      children: [
        { title: 'Trung tâm trợ giúp', url: '/ho-tro-khach-hang' },
        { title: 'Hướng dẫn thanh toán', url: '/ho-tro-khach-hang' },
        { title: 'Facebook', url: 'https://www.facebook.com/' },
      ],
    },
  ];
  for (const [position, group] of footerGroups.entries()) {
    const parent = await createNavigationItem(db, { menu: 'footer', position, title: group.title, url: '#' });
    for (const [childPosition, child] of group.children.entries()) {
      await createNavigationItem(db, { menu: 'footer', parent_id: parent.id, position: childPosition, ...child });
    }
  }

  for (const [index, banner] of DEMO_BANNERS.entries()) {
    const position = DEMO_BANNERS.slice(0, index).filter((other) => other.placement === banner.placement).length;
    const art = { ...banner, seed: index + 1 };
    const name = `seed/banner-${banner.placement}-${position + 1}`;
    await createBanner(db, {
      title: banner.title,
      placement: banner.placement,
      position,
      image_pc: writeSvg(uploadsDir, `${name}-pc.svg`, renderBannerSvg({ ...art, width: 1200, height: 400 })),
      image_mobile: writeSvg(uploadsDir, `${name}-mb.svg`, renderBannerSvg({ ...art, width: 750, height: 500 })),
      link_url: banner.link,
    });
  }
  await createBanner(db, {
    title: 'Ưu đãi chào bạn mới',
    type: 'popup',
    media_type: 'popup_content',
    display_rule: 'signed_out',
    placement: 15,
    position: 0,
    link_url: '/khoa-hoc',
    content:
      '<p><strong>Ưu đãi chào bạn mới:</strong> giảm 30% cho khóa học đầu tiên, tối đa 300.000đ. Nhập mã <code>CHAOBAN</code> khi thanh toán.</p>',
  });

  await createPage(db, {
    slug: 'dieu-khoan-su-dung',
    title: 'Điều khoản sử dụng',
    description: 'Điều khoản sử dụng dịch vụ học trực tuyến Khai Trí.',
    content:
      '<h2>1. Phạm vi áp dụng</h2><p>Điều khoản này áp dụng cho mọi người dùng dịch vụ học trực tuyến Khai Trí trên website và ứng dụng.</p><h2>2. Tài khoản</h2><p>Bạn chịu trách nhiệm bảo mật mật khẩu và mọi hoạt động trên tài khoản của mình.</p><h2>3. Thanh toán</h2><p>Giá khóa học đã bao gồm thuế giá trị gia tăng. Gói cước trừ vào tài khoản di động được gia hạn theo chu kỳ cho đến khi bạn hủy; hủy gói miễn phí.</p>',
  });
  await createPage(db, {
    slug: 'chinh-sach-bao-mat',
    title: 'Chính sách bảo mật',
    description: 'Cách Khai Trí thu thập, sử dụng và bảo vệ dữ liệu cá nhân của bạn.',
    content:
      '<h2>Dữ liệu chúng tôi thu thập</h2><p>Số điện thoại, họ tên, địa chỉ thư điện tử và tiến độ học tập của bạn.</p><h2>Mục đích sử dụng</h2><p>Cung cấp khóa học, hỗ trợ khách hàng và cải thiện chất lượng dịch vụ. Chúng tôi không bán dữ liệu cá nhân.</p>',
  });

  await createRouteRule(db, { path: '/khuyen-mai', target: '/tai-khoan/uu-dai', status_code: 302 });
  // An external address: the Ministry of Education's site, where exam structures are announced.
  await createRouteRule(db, { path: '/bo-giao-duc', target: 'https://moet.gov.vn', status_code: 302 });
}

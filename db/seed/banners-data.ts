/**
 * The demo banners: real messages with their own artwork, a modest set (SPEC §2 placement codes).
 * The home page has the opening carousel and two blocks; the other pages one banner each; the
 * home recommendation placements (17, 18) are left to the computed "Gợi ý cho bạn" list.
 */
import type { Motif } from './svg.ts';

export interface DemoBanner {
  placement: number;
  title: string;
  subtitle: string;
  cta?: string;
  badge?: string;
  link: string | null;
  motif: Motif;
}

export const DEMO_BANNERS: DemoBanner[] = [
  {
    placement: 1,
    title: 'Học mọi lúc, mọi nơi trên điện thoại',
    subtitle: 'Hơn 60 khóa học, bài giảng ngắn, tiết kiệm dữ liệu di động',
    cta: 'Khám phá khóa học',
    link: '/khoa-hoc',
    motif: 'phone',
  },
  {
    placement: 1,
    title: 'Ôn thi tốt nghiệp THPT 2027',
    subtitle: 'Lộ trình 100 ngày cùng giáo viên giỏi, luyện đề có chữa chi tiết',
    cta: 'Xem lộ trình',
    link: '/khoa-hoc?subject=on-thi-thpt-quoc-gia',
    motif: 'cap',
  },
  {
    placement: 1,
    title: 'Giảm 30% với mã CHAOBAN',
    subtitle: 'Nhập mã khi thanh toán: giảm đến 300.000đ, mỗi tài khoản một lần',
    cta: 'Chọn khóa học',
    badge: 'Ưu đãi',
    link: '/khoa-hoc',
    motif: 'trophy',
  },
  {
    placement: 16,
    title: 'Chuyển đổi số cho nhà trường',
    subtitle: 'Sổ liên lạc điện tử, lớp học trực tuyến và kho học liệu trên một nền tảng',
    cta: 'Tìm hiểu giải pháp',
    link: '/giai-phap',
    motif: 'school',
  },
  {
    placement: 8,
    title: 'Cùng con học mỗi tối, chỉ 15 phút',
    subtitle: 'Khóa học tiểu học ngắn gọn, vui như trò chơi',
    cta: 'Xem khóa tiểu học',
    link: '/danh-muc/mam-non-tieu-hoc',
    motif: 'pencil',
  },
  {
    placement: 2,
    title: 'Học thử miễn phí trước khi mua',
    subtitle: 'Chương đầu của mỗi khóa học luôn mở để bạn xem trước',
    cta: 'Xem khóa miễn phí',
    link: '/khoa-hoc?free=1',
    motif: 'book',
  },
  {
    placement: 20,
    title: 'Luyện đề thi tốt nghiệp THPT',
    subtitle: 'Khóa luyện thi theo cấu trúc mới, bài kiểm tra có lời giải',
    cta: 'Chọn môn ôn thi',
    link: '/khoa-hoc?subject=on-thi-thpt-quoc-gia',
    motif: 'trophy',
  },
  {
    placement: 3,
    title: 'Ôn thi vào lớp 10',
    subtitle: 'Toán và Ngữ văn bám sát đề thi của các tỉnh thành',
    cta: 'Xem khóa ôn thi',
    link: '/khoa-hoc?subject=luyen-thi-vao-lop-10',
    motif: 'cap',
  },
  {
    placement: 4,
    title: 'Có mã kích hoạt khóa học?',
    subtitle: 'Nhập mã in trên thẻ để vào học ngay',
    cta: 'Kích hoạt',
    link: '/tai-khoan/kich-hoat-khoa-hoc',
    motif: 'bulb',
  },
  {
    placement: 7,
    title: 'Học cùng Khai Trí trên ứng dụng',
    subtitle: 'Nhận nhắc lịch học và thông báo bài mới trên điện thoại',
    cta: 'Tải ứng dụng',
    link: '/tai-app',
    motif: 'phone',
  },
  {
    placement: 10,
    title: 'Nền tảng trường học số',
    subtitle: 'Hơn 1.250 trường học đang dạy và học cùng Khai Trí',
    link: null,
    motif: 'school',
  },
  {
    placement: 11,
    title: 'Tập huấn giáo viên miễn phí',
    subtitle: 'Đội ngũ Khai Trí hỗ trợ nhà trường cài đặt và sử dụng',
    link: null,
    motif: 'chart',
  },
  {
    placement: 12,
    title: 'Trở thành giảng viên Khai Trí',
    subtitle: 'Chia sẻ kiến thức với học viên trên khắp cả nước',
    link: null,
    motif: 'cap',
  },
  {
    placement: 14,
    title: 'Trọn bộ khóa học trong một lần mua',
    subtitle: 'Combo gồm các khóa cùng lộ trình, học theo thứ tự gợi ý',
    link: null,
    motif: 'school',
  },
  {
    placement: 22,
    title: 'Bản tin tuyển sinh 2027',
    subtitle: 'Lịch thi, điểm chuẩn và hướng dẫn đăng ký nguyện vọng',
    cta: 'Đọc bản tin',
    link: '/danh-muc-tin-tuc/tuyen-sinh',
    motif: 'book',
  },
  {
    placement: 23,
    title: 'Mẹo học tập mỗi tuần',
    subtitle: 'Bài viết từ giáo viên Khai Trí về cách học hiệu quả',
    cta: 'Đọc ngay',
    link: '/danh-muc-tin-tuc/kinh-nghiem-hoc-tap',
    motif: 'bulb',
  },
];

/**
 * Generated Vietnamese documents and queries for the search benchmark: course, news and help
 * titles and bodies made from word lists with their marks and đ, the same for a given seed every
 * time (a small PRNG, not Math.random), in the proportions of a real catalogue. Syllables such as
 * `học`, `thi`, `và` occur in most documents, as they do in real Vietnamese text, so common words
 * and short prefixes match tens of thousands of documents.
 */
import type { PostTypeName } from '../../lib/content-urls.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { slugify } from '../../lib/text/slug.ts';
import { typoQueries, type TypoKind } from './typo-queries.ts';
import { buildCourseDocument, buildPostDocument, buildSupportDocument } from '../../modules/search/documents.ts';
import type { SearchDocumentInput } from '../../modules/search/search.repository.ts';

/** mulberry32: a fast 32-bit PRNG, deterministic for a seed. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SUBJECTS = [
  'Toán',
  'Ngữ văn',
  'Tiếng Anh',
  'Vật lý',
  'Hóa học',
  'Sinh học',
  'Lịch sử',
  'Địa lý',
  'Tin học',
  'Giáo dục công dân',
  'Tiếng Việt',
  'Khoa học tự nhiên',
  'Tiếng Nhật',
  'Tiếng Hàn',
  'Tiếng Trung',
  'Kỹ năng sống',
  'Lập trình Python',
  'Thiết kế đồ họa',
  'Kế toán doanh nghiệp',
  'Marketing số',
  'Đàn guitar',
  'Âm nhạc',
  'Mỹ thuật',
  'Tư duy logic',
];
const LEVELS = [
  'lớp 1',
  'lớp 2',
  'lớp 3',
  'lớp 4',
  'lớp 5',
  'lớp 6',
  'lớp 7',
  'lớp 8',
  'lớp 9',
  'lớp 10',
  'lớp 11',
  'lớp 12',
  'tiểu học',
  'THCS',
  'THPT',
  'cơ bản',
  'nâng cao',
  'cấp tốc',
  'cho người đi làm',
  'từ con số 0',
];
const COURSE_OPENINGS = [
  'Chinh phục',
  'Luyện thi',
  'Ôn tập',
  'Nền tảng',
  'Bứt phá',
  'Học tốt',
  'Làm chủ',
  'Khởi đầu với',
  'Tổng ôn',
  'Luyện đề',
  'Bí quyết học',
  'Thực hành',
];
const COURSE_ENDINGS = [
  'Ôn thi tốt nghiệp THPT',
  'Luyện thi vào lớp 10',
  'Đạt điểm 9+',
  'trong 30 ngày',
  'cho người mới bắt đầu',
  'cùng giáo viên giỏi',
  'theo chương trình mới',
  'qua dự án thực tế',
  'thi học sinh giỏi',
  'giao tiếp hằng ngày',
  'IELTS 6.5+',
  'đánh giá năng lực',
];
const PLACES = [
  'Hà Nội',
  'Đà Nẵng',
  'Huế',
  'Hải Phòng',
  'Cần Thơ',
  'Thành phố Hồ Chí Minh',
  'Đồng Nai',
  'Đắk Lắk',
  'Quảng Ninh',
  'Nghệ An',
  'Thanh Hóa',
  'Bình Dương',
  'Khánh Hòa',
  'Lâm Đồng',
  'Điện Biên',
  'Đồng Tháp',
  'Bắc Ninh',
  'Quảng Nam',
];
const FAMILY_NAMES = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ'];
const MIDDLE_NAMES = ['Văn', 'Thị', 'Minh', 'Đức', 'Thu', 'Ngọc', 'Quang', 'Hải', 'Thanh', 'Bảo'];
const GIVEN_NAMES = [
  'An',
  'Bình',
  'Cường',
  'Dũng',
  'Đạt',
  'Giang',
  'Hà',
  'Hạnh',
  'Hiếu',
  'Hùng',
  'Hương',
  'Khánh',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Nam',
  'Nga',
  'Phong',
  'Phúc',
  'Quân',
  'Sơn',
  'Tâm',
  'Thảo',
  'Trang',
  'Tuấn',
  'Việt',
  'Yến',
  'Đông',
  'Điệp',
];
const TOPICS = [
  'hàm số',
  'phương trình',
  'nghị luận xã hội',
  'đọc hiểu',
  'ngữ pháp',
  'từ vựng',
  'dao động điều hòa',
  'điện xoay chiều',
  'hóa hữu cơ',
  'di truyền học',
  'Atlat Địa lý Việt Nam',
  'lập trình hướng đối tượng',
  'xác suất thống kê',
  'hình học không gian',
  'đạo hàm',
  'tích phân',
  'số phức',
  'thì hiện tại hoàn thành',
  'câu bị động',
  'lịch sử thế giới cận đại',
  'phân số',
  'bảng cửu chương',
];
const VERBS = [
  'nắm vững',
  'củng cố',
  'hệ thống hóa',
  'rèn luyện',
  'vận dụng',
  'ghi nhớ',
  'phát triển',
  'làm chủ',
  'luyện tập',
  'đào sâu',
];
const MANNERS = ['hiệu quả', 'dễ hiểu', 'bài bản', 'chủ động', 'nhanh chóng', 'vững chắc', 'sinh động', 'khoa học'];
const TIMES = [
  'tháng Sáu',
  'cuối tháng Bảy',
  'đầu năm học',
  'tuần tới',
  'học kỳ hai',
  'dịp Tết Nguyên đán',
  'kỳ nghỉ hè',
];
const ORGANISATIONS = [
  'Bộ Giáo dục và Đào tạo',
  'Sở Giáo dục và Đào tạo',
  'Đại học Quốc gia Hà Nội',
  'Trường Đại học Bách khoa',
  'Ủy ban nhân dân tỉnh',
  'Trường THPT chuyên',
];
const EVENTS = [
  'công bố lịch thi tốt nghiệp',
  'điều chỉnh phương án tuyển sinh',
  'tổ chức ngày hội việc làm',
  'khai giảng năm học mới',
  'trao học bổng cho học sinh nghèo vượt khó',
  'đạt huy chương vàng Olympic',
  'thay đổi cấu trúc đề thi',
  'triển khai chuyển đổi số',
  'ra mắt thư viện số',
  'hướng dẫn đăng ký nguyện vọng',
  'tập huấn giáo viên dạy chương trình mới',
  'tuyển sinh lớp 10',
];
const ACTIONS = [
  'đổi mật khẩu',
  'kích hoạt khóa học',
  'thanh toán qua MoMo',
  'thanh toán bằng thẻ ATM',
  'lấy lại tài khoản',
  'hủy gia hạn gói học',
  'xem lại bài giảng',
  'tải ứng dụng trên điện thoại',
  'đổi số điện thoại',
  'nhận hóa đơn điện tử',
  'đăng ký học thử miễn phí',
  'liên hệ giáo viên',
];
const MENUS = ['Tài khoản', 'Khóa học của tôi', 'Đơn hàng', 'Kích hoạt khóa học', 'Thông báo'];
const SUPPORT_TITLES = [
  'Làm thế nào để {action}?',
  'Hướng dẫn {action}',
  'Tôi không thể {action}, phải làm sao?',
  'Câu hỏi thường gặp khi {action}',
  'Quy định về {action}',
];
const COURSE_SENTENCES = [
  'Khóa học giúp học sinh {verb} kiến thức {subject} {level} một cách {manner}.',
  '{person} là giáo viên {subject} với hơn {n} năm kinh nghiệm giảng dạy tại {place}.',
  'Mỗi bài giảng kéo dài {n} phút, kèm bài tập và đề kiểm tra có lời giải chi tiết.',
  'Sau khóa học, học viên có thể {verb} các dạng bài về {topic} thường gặp trong đề thi.',
  'Chương trình bám sát sách giáo khoa mới và cấu trúc đề thi của {organisation}.',
  'Học viên được giải đáp thắc mắc trong vòng 24 giờ và học lại không giới hạn.',
  'Phần {topic} được trình bày từ dễ đến khó, có sơ đồ tư duy để ghi nhớ {manner}.',
  'Đây là lựa chọn phù hợp cho học sinh {level} muốn {verb} {topic} trước kỳ thi.',
];
const NEWS_SENTENCES = [
  '{organisation} cho biết sẽ {event} vào {time}.',
  'Theo thống kê, năm nay có khoảng {n} nghìn thí sinh tại {place} đăng ký dự thi.',
  'Phụ huynh và học sinh có thể theo dõi thông tin trên cổng thông tin điện tử của {organisation}.',
  'Thầy {person}, giáo viên {subject} tại {place}, chia sẻ kinh nghiệm ôn tập phần {topic}.',
  'Nhiều trường tại {place} đã {event} để chuẩn bị cho {time}.',
  'Các chuyên gia khuyên học sinh nên {verb} {topic} sớm và học {manner} mỗi ngày.',
  'Đề thi năm nay có thêm câu hỏi vận dụng cao về {topic}, đòi hỏi tư duy {manner}.',
  'Buổi tư vấn tuyển sinh thu hút hàng nghìn học sinh {level} và phụ huynh tham dự.',
  'Em {person}, học sinh lớp 12 tại {place}, vừa đạt giải nhất môn {subject} cấp quốc gia.',
];
const SUPPORT_SENTENCES = [
  'Bạn cần đăng nhập bằng số điện thoại đã đăng ký, sau đó chọn mục {menu} để {action}.',
  'Nếu gặp khó khăn khi {action}, vui lòng liên hệ tổng đài hỗ trợ hoặc gửi yêu cầu trên ứng dụng Khai Trí.',
  'Thao tác này mất khoảng {n} phút và có thể thực hiện trên điện thoại hoặc máy tính.',
  'Lưu ý: mã xác thực OTP chỉ có hiệu lực trong 5 phút và không được chia sẻ cho người khác.',
  'Sau khi hoàn tất, hệ thống sẽ gửi thông báo đến email và mục {menu} của bạn.',
  'Trường hợp đã thanh toán nhưng chưa được kích hoạt, hãy gửi kèm mã đơn hàng để được hỗ trợ.',
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function personName(random: () => number): string {
  return `${pick(random, FAMILY_NAMES)} ${pick(random, MIDDLE_NAMES)} ${pick(random, GIVEN_NAMES)}`;
}

function fill(template: string, random: () => number): string {
  return template.replace(/\{(\w+)\}/g, (_match, slot: string) => {
    switch (slot) {
      case 'subject':
        return pick(random, SUBJECTS);
      case 'level':
        return pick(random, LEVELS);
      case 'place':
        return pick(random, PLACES);
      case 'person':
        return personName(random);
      case 'topic':
        return pick(random, TOPICS);
      case 'verb':
        return pick(random, VERBS);
      case 'manner':
        return pick(random, MANNERS);
      case 'time':
        return pick(random, TIMES);
      case 'organisation':
        return pick(random, ORGANISATIONS);
      case 'event':
        return pick(random, EVENTS);
      case 'action':
        return pick(random, ACTIONS);
      case 'menu':
        return pick(random, MENUS);
      case 'n':
        return String(5 + Math.floor(random() * 40));
      default:
        throw new Error(`unknown slot {${slot}}`);
    }
  });
}

function paragraph(random: () => number, sentences: readonly string[], min: number, max: number): string {
  const count = min + Math.floor(random() * (max - min + 1));
  return Array.from({ length: count }, () => fill(pick(random, sentences), random)).join(' ');
}

const EPOCH = Date.UTC(2026, 0, 1);
const POST_TYPES: PostTypeName[] = ['post', 'post', 'post', 'post', 'exam_gate', 'solution', 'feedback'];

/**
 * The `index`-th document (0-based) of a corpus: 30 % courses, 55 % news and other posts, 15 % help
 * articles, through the search module's own builders (HTML content, as the studio stores it).
 */
export function generateDocument(random: () => number, index: number): SearchDocumentInput {
  const id = index + 1;
  const published_at = new Date(EPOCH - Math.floor(random() * 1000) * 86_400_000).toISOString();
  const roll = random();
  if (roll < 0.3) {
    const title = `${pick(random, COURSE_OPENINGS)} ${pick(random, SUBJECTS)} ${pick(random, LEVELS)} — ${pick(random, COURSE_ENDINGS)}`;
    return buildCourseDocument({
      id,
      slug: `${slugify(title)}-${id}`,
      title,
      type: pick(random, ['retail', 'retail', 'no_retail', 'combo', 'api']),
      summary: fill(pick(random, COURSE_SENTENCES), random),
      description: `<p>${paragraph(random, COURSE_SENTENCES, 4, 9)}</p><ul><li>${pick(random, TOPICS)}</li></ul>`,
      teacherName: personName(random),
      published_at,
    });
  }
  if (roll < 0.85) {
    const title = `${pick(random, PLACES)}: ${pick(random, ORGANISATIONS)} ${pick(random, EVENTS)}`;
    return buildPostDocument({
      id,
      type: pick(random, POST_TYPES),
      slug: `${slugify(title)}-${id}`,
      title,
      summary: fill(pick(random, NEWS_SENTENCES), random),
      content: `<p>${paragraph(random, NEWS_SENTENCES, 6, 14)}</p><p>${paragraph(random, NEWS_SENTENCES, 2, 6)}</p>`,
      published_at,
    });
  }
  const title = fill(pick(random, SUPPORT_TITLES), random);
  return buildSupportDocument({
    id,
    slug: `${slugify(title)}-${id}`,
    title,
    summary: fill(pick(random, SUPPORT_SENTENCES), random),
    content: `<p>${paragraph(random, SUPPORT_SENTENCES, 3, 7)}</p>`,
    subtype: pick(random, ['product', 'policy', 'guide']),
    published_at,
  });
}

/** What people type: words and names from the corpus, a few that match nothing. */
const BASE_QUERIES = [
  'Địa lý',
  'Đà Nẵng',
  'tiếng Anh giao tiếp',
  'ôn thi tốt nghiệp',
  'Hóa học lớp 12',
  'luyện đề',
  'Nguyễn Văn An',
  'hàm số',
  'đạo hàm',
  'tích phân',
  'số phức',
  'đổi mật khẩu',
  'kích hoạt khóa học',
  'thanh toán MoMo',
  'Thành phố Hồ Chí Minh',
  'Đắk Lắk',
  'Điện Biên',
  'học bổng',
  'tuyển sinh lớp 10',
  'lập trình Python',
  'hình học không gian',
  'nghị luận xã hội',
  'dao động điều hòa',
  'Bộ Giáo dục',
  'lịch thi tốt nghiệp',
  'giáo viên giỏi',
  'kỹ năng sống',
  'câu bị động',
  'Olympic',
  'Đặng Thu Hà',
  'Atlat Địa lý Việt Nam',
  'xác suất thống kê',
  'điện xoay chiều',
  'học thử miễn phí',
  'hóa đơn điện tử',
  'chuyển đổi số',
  'tiếng Nhật cơ bản',
  'đàn guitar',
  'Quảng Ninh',
  'ngày hội việc làm',
  'Vật lý nâng cao',
  'Ngữ văn lớp 9',
  'Toán lớp 5',
  'IELTS',
  'phụ huynh',
  'bảng cửu chương',
  'cơ học lượng tử',
  'thiên văn học',
  'Trường THPT chuyên',
  'kỳ nghỉ hè',
];
const QUALIFIERS = ['lớp 12', 'Hà Nội', 'cơ bản', 'đề thi', 'giáo viên', 'miễn phí', 'năm 2026', 'online'];

/** `tieng anh giao tiep` → `tie an gia tie`: every word cut to its first ~60 % (at least 2 letters). */
function prefixesOf(query: string): string {
  return foldVietnamese(query)
    .split(' ')
    .map((word) => word.slice(0, Math.max(2, Math.ceil(word.length * 0.6))))
    .join(' ');
}

/** A letter doubled in the longest word (`tieng anhh`): the typo people make most. */
function typoOf(query: string): string {
  const words = foldVietnamese(query).split(' ');
  const longest = words.reduce((best, word, index) => (word.length > words[best]!.length ? index : best), 0);
  const word = words[longest]!;
  words[longest] = word + word.at(-1);
  return words.join(' ');
}

export interface BenchQuery {
  q: string;
  /** with marks, without marks, prefixes, multi-word, a doubled letter, the other typos (typo-queries.ts). */
  shape: 'marks' | 'no marks' | 'prefix' | 'multi-word' | 'typo' | TypoKind;
}

/**
 * 225 queries: each base as typed, without marks, as prefixes, and with a qualifier or (every fifth)
 * a doubled letter; then every other base mistyped (swapped letters, run together, Telex, VNI).
 */
export function buildQueries(): BenchQuery[] {
  const typed = BASE_QUERIES.flatMap((base, index): BenchQuery[] => [
    { q: base, shape: 'marks' },
    { q: foldVietnamese(base), shape: 'no marks' },
    { q: prefixesOf(base), shape: 'prefix' },
    index % 5 === 0
      ? { q: typoOf(base), shape: 'typo' }
      : { q: `${base} ${QUALIFIERS[index % QUALIFIERS.length]}`, shape: 'multi-word' },
  ]);
  return [...typed, ...typoQueries(BASE_QUERIES)];
}

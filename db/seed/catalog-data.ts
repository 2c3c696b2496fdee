/** The demo catalog's words: categories, subjects, teachers and course titles, in Vietnamese. */

export const COURSE_CATEGORIES = [
  { slug: 'toan-hoc', name: 'Toán học', description: 'Toán từ tiểu học đến luyện thi THPT quốc gia.' },
  { slug: 'ngu-van', name: 'Ngữ văn', description: 'Đọc hiểu, nghị luận xã hội và nghị luận văn học.' },
  { slug: 'tieng-anh', name: 'Tiếng Anh', description: 'Tiếng Anh giao tiếp, ngữ pháp, luyện thi IELTS và TOEIC.' },
  { slug: 'vat-ly', name: 'Vật lý', description: 'Cơ học, điện học, quang học và vật lý hạt nhân.' },
  {
    slug: 'hoa-hoc',
    name: 'Hóa học và Sinh học',
    description: 'Hóa vô cơ, hữu cơ, thí nghiệm; tế bào, di truyền và tiến hóa.',
  },
  {
    slug: 'lich-su-dia-ly',
    name: 'Lịch sử và Địa lý',
    description: 'Lịch sử Việt Nam, thế giới và Địa lý tự nhiên, kinh tế.',
  },
  {
    slug: 'tin-hoc-lap-trinh',
    name: 'Tin học và Lập trình',
    description: 'Tin học văn phòng, Scratch, Python cho mọi lứa tuổi.',
  },
  { slug: 'ky-nang-song', name: 'Kỹ năng sống', description: 'Giao tiếp, quản lý thời gian, tư duy phản biện.' },
  { slug: 'mam-non-tieu-hoc', name: 'Mầm non và Tiểu học', description: 'Học mà chơi cho bé từ 4 đến 10 tuổi.' },
] as const;

export const SUBJECTS = [
  { type: 'field', slug: 'khoa-hoc-tu-nhien', name: 'Khoa học tự nhiên' },
  { type: 'field', slug: 'khoa-hoc-xa-hoi', name: 'Khoa học xã hội' },
  { type: 'field', slug: 'ngoai-ngu', name: 'Ngoại ngữ' },
  { type: 'field', slug: 'cong-nghe', name: 'Công nghệ' },
  { type: 'field', slug: 'phat-trien-ban-than', name: 'Phát triển bản thân' },
  { type: 'topic', slug: 'on-thi-thpt-quoc-gia', name: 'Ôn thi THPT quốc gia' },
  { type: 'topic', slug: 'luyen-thi-vao-lop-10', name: 'Luyện thi vào lớp 10' },
  { type: 'topic', slug: 'tieng-anh-giao-tiep', name: 'Tiếng Anh giao tiếp' },
  { type: 'topic', slug: 'lap-trinh-cho-tre', name: 'Lập trình cho trẻ em' },
  { type: 'topic', slug: 'ky-nang-mem', name: 'Kỹ năng mềm' },
  { type: 'topic', slug: 'hoc-tot-tieu-hoc', name: 'Học tốt tiểu học' },
] as const;

export const TEACHERS = [
  {
    name: 'Nguyễn Thị Hồng Nhung',
    headline: 'Thạc sĩ Toán học, 15 năm luyện thi THPT',
    bio: 'Cô Nhung dạy Toán ở Hà Nội từ năm 2011 và có nhiều học trò đạt điểm 9, 10 môn Toán trong kỳ thi tốt nghiệp. Cô nổi tiếng với cách chia bài khó thành từng bước nhỏ, ai cũng theo kịp.',
  },
  {
    name: 'Trần Quốc Đạt',
    headline: 'Giáo viên Vật lý, tác giả sách tham khảo',
    bio: 'Thầy Đạt là đồng tác giả bộ sách “Vật lý quanh ta” và luôn mở đầu bài giảng bằng một thí nghiệm. Thầy tin rằng hiểu hiện tượng trước rồi mới đến công thức thì nhớ lâu hơn.',
  },
  {
    name: 'Lê Minh Đức',
    headline: 'Giảng viên Tiếng Anh, IELTS 8.5',
    bio: 'Thầy Đức từng du học tại Úc, có chứng chỉ giảng dạy CELTA và đã giúp hơn 3.000 học viên đạt mục tiêu IELTS, TOEIC. Lớp của thầy luôn có phần nói thật nhiều.',
  },
  {
    name: 'Phạm Thu Hà',
    headline: 'Giáo viên Ngữ văn trường chuyên Hà Nội',
    bio: 'Cô Hà dạy Văn ở trường chuyên, nhiều năm hướng dẫn đội tuyển học sinh giỏi quốc gia. Cô giúp học trò viết bằng suy nghĩ của chính mình thay vì học thuộc văn mẫu.',
  },
  {
    name: 'Đặng Văn Khoa',
    headline: 'Tiến sĩ Hóa học, Đại học Bách khoa',
    bio: 'Thầy Khoa nghiên cứu hóa vật liệu và dạy luyện thi Hóa hơn 12 năm. Thầy hay dùng sơ đồ và mẹo nhớ để biến những chuỗi phản ứng dài thành câu chuyện dễ nhớ.',
  },
  {
    name: 'Vũ Ngọc Ánh',
    headline: 'Giáo viên Tiểu học, chuyên gia giáo dục sớm',
    bio: 'Cô Ánh có 18 năm đứng lớp tiểu học và biên soạn nhiều học liệu cho trẻ mầm non. Mỗi bài của cô ngắn gọn, có trò chơi, để bé học vui và cha mẹ dễ đồng hành.',
  },
  {
    name: 'Hoàng Anh Tuấn',
    headline: 'Kỹ sư phần mềm, giảng viên lập trình',
    bio: 'Anh Tuấn là kỹ sư phần mềm tại một công ty công nghệ Việt Nam và dạy lập trình cho học sinh từ năm 2016. Các khóa học của anh đều xoay quanh một sản phẩm làm được ngay.',
  },
  {
    name: 'Bùi Thị Lan Hương',
    headline: 'Giáo viên Lịch sử, giải thưởng giáo viên giỏi cấp thành phố',
    bio: 'Cô Hương kể lịch sử như kể chuyện, kèm bản đồ và dòng thời gian. Cô từng đạt giải nhất giáo viên dạy giỏi Lịch sử cấp thành phố Hà Nội.',
  },
  {
    name: 'Đỗ Mạnh Hùng',
    headline: 'Thạc sĩ Địa lý, giáo viên trường THPT Chu Văn An',
    bio: 'Thầy Hùng dạy Địa lý tại trường THPT Chu Văn An và là người đứng sau nhiều bộ đề luyện Atlat được học sinh chia sẻ rộng rãi. Thầy thích đưa học trò đi thực địa.',
  },
  {
    name: 'Ngô Phương Thảo',
    headline: 'Huấn luyện viên kỹ năng mềm',
    bio: 'Chị Thảo là huấn luyện viên kỹ năng cho học sinh, sinh viên và doanh nghiệp, đã tổ chức hơn 400 buổi đào tạo về thuyết trình, quản lý thời gian và tư duy phản biện.',
  },
  {
    name: 'Dương Đình Nam',
    headline: 'Giáo viên Sinh học, luyện thi học sinh giỏi quốc gia',
    bio: 'Thầy Nam bồi dưỡng đội tuyển Sinh học nhiều năm liền có giải quốc gia. Thầy giải thích di truyền học bằng hình vẽ tay đơn giản và bài tập từ dễ đến khó.',
  },
  {
    name: 'Lý Thanh Tâm',
    headline: 'Giảng viên tiếng Anh thiếu nhi',
    bio: 'Cô Tâm dạy tiếng Anh cho trẻ em bằng bài hát, trò chơi và câu chuyện. Cô là tác giả chuỗi video phát âm được nhiều phụ huynh dùng để luyện cùng con ở nhà.',
  },
] as const;

/** [category slug, title, teacher index, subject slugs]. */
export const COURSE_TITLES: Array<[string, string, number, string[]]> = [
  ['toan-hoc', 'Luyện thi THPT quốc gia môn Toán 2027', 0, ['khoa-hoc-tu-nhien', 'on-thi-thpt-quoc-gia']],
  ['toan-hoc', 'Toán 12: Hàm số và đồ thị', 0, ['khoa-hoc-tu-nhien', 'on-thi-thpt-quoc-gia']],
  ['toan-hoc', 'Toán 9: Ôn thi vào lớp 10', 0, ['khoa-hoc-tu-nhien', 'luyen-thi-vao-lop-10']],
  ['toan-hoc', 'Hình học không gian từ cơ bản đến nâng cao', 0, ['khoa-hoc-tu-nhien']],
  ['toan-hoc', 'Xác suất thống kê cho học sinh', 0, ['khoa-hoc-tu-nhien']],
  ['toan-hoc', 'Toán tư duy cho học sinh tiểu học', 5, ['hoc-tot-tieu-hoc']],
  ['toan-hoc', 'Đại số lớp 8 vững vàng', 0, ['khoa-hoc-tu-nhien']],
  ['ngu-van', 'Nghị luận xã hội đạt điểm cao', 3, ['khoa-hoc-xa-hoi', 'on-thi-thpt-quoc-gia']],
  ['ngu-van', 'Ngữ văn 12: Tác phẩm trọng tâm', 3, ['khoa-hoc-xa-hoi', 'on-thi-thpt-quoc-gia']],
  ['ngu-van', 'Văn 9: Luyện đề thi vào lớp 10', 3, ['khoa-hoc-xa-hoi', 'luyen-thi-vao-lop-10']],
  ['ngu-van', 'Đọc hiểu văn bản cho học sinh THCS', 3, ['khoa-hoc-xa-hoi']],
  ['ngu-van', 'Viết đoạn văn hay cho học sinh tiểu học', 5, ['hoc-tot-tieu-hoc']],
  ['ngu-van', 'Tiếng Việt lớp 1: Học vần vui', 5, ['hoc-tot-tieu-hoc']],
  ['tieng-anh', 'Tiếng Anh giao tiếp cho người đi làm', 2, ['ngoai-ngu', 'tieng-anh-giao-tiep']],
  ['tieng-anh', 'Luyện thi IELTS 6.5+ cấp tốc', 2, ['ngoai-ngu']],
  ['tieng-anh', 'Ngữ pháp tiếng Anh toàn tập', 2, ['ngoai-ngu']],
  ['tieng-anh', 'Tiếng Anh thiếu nhi: Vui học từ vựng', 11, ['ngoai-ngu', 'hoc-tot-tieu-hoc']],
  ['tieng-anh', 'Luyện nghe tiếng Anh mỗi ngày 15 phút', 11, ['ngoai-ngu', 'tieng-anh-giao-tiep']],
  ['tieng-anh', 'TOEIC 750 trong 3 tháng', 2, ['ngoai-ngu']],
  ['tieng-anh', 'Phát âm chuẩn giọng Mỹ', 11, ['ngoai-ngu', 'tieng-anh-giao-tiep']],
  ['vat-ly', 'Vật lý 12: Dao động và sóng', 1, ['khoa-hoc-tu-nhien', 'on-thi-thpt-quoc-gia']],
  ['vat-ly', 'Vật lý 11: Điện học trọn vẹn', 1, ['khoa-hoc-tu-nhien']],
  ['vat-ly', 'Luyện đề Vật lý THPT quốc gia', 1, ['khoa-hoc-tu-nhien', 'on-thi-thpt-quoc-gia']],
  ['vat-ly', 'Vật lý vui cho học sinh THCS', 1, ['khoa-hoc-tu-nhien']],
  ['vat-ly', 'Quang học và vật lý hạt nhân', 1, ['khoa-hoc-tu-nhien']],
  ['hoa-hoc', 'Hóa hữu cơ lớp 11 dễ hiểu', 4, ['khoa-hoc-tu-nhien']],
  ['hoa-hoc', 'Luyện thi Hóa học THPT quốc gia', 4, ['khoa-hoc-tu-nhien', 'on-thi-thpt-quoc-gia']],
  ['hoa-hoc', 'Hóa học 8: Làm quen với chất', 4, ['khoa-hoc-tu-nhien']],
  ['hoa-hoc', 'Sinh học 12: Di truyền và tiến hóa', 10, ['khoa-hoc-tu-nhien', 'on-thi-thpt-quoc-gia']],
  ['hoa-hoc', 'Thí nghiệm hóa học tại nhà an toàn', 4, ['khoa-hoc-tu-nhien']],
  ['hoa-hoc', 'Sinh học 10: Tế bào và vi sinh vật', 10, ['khoa-hoc-tu-nhien']],
  ['lich-su-dia-ly', 'Lịch sử Việt Nam qua các triều đại', 7, ['khoa-hoc-xa-hoi']],
  ['lich-su-dia-ly', 'Địa lý 12: Ôn thi tốt nghiệp', 8, ['khoa-hoc-xa-hoi', 'on-thi-thpt-quoc-gia']],
  ['lich-su-dia-ly', 'Kỹ năng đọc Atlat Địa lý Việt Nam', 8, ['khoa-hoc-xa-hoi']],
  ['lich-su-dia-ly', 'Lịch sử thế giới hiện đại', 7, ['khoa-hoc-xa-hoi']],
  ['lich-su-dia-ly', 'Khám phá Đà Nẵng và miền Trung', 8, ['khoa-hoc-xa-hoi']],
  ['lich-su-dia-ly', 'Giáo dục công dân 12 trọng tâm', 7, ['khoa-hoc-xa-hoi', 'on-thi-thpt-quoc-gia']],
  ['tin-hoc-lap-trinh', 'Lập trình Scratch cho trẻ em', 6, ['cong-nghe', 'lap-trinh-cho-tre']],
  ['tin-hoc-lap-trinh', 'Python cơ bản cho học sinh', 6, ['cong-nghe', 'lap-trinh-cho-tre']],
  ['tin-hoc-lap-trinh', 'Tin học văn phòng: Word, Excel, PowerPoint', 6, ['cong-nghe']],
  ['tin-hoc-lap-trinh', 'Thiết kế web đầu tiên với HTML và CSS', 6, ['cong-nghe']],
  ['tin-hoc-lap-trinh', 'Trí tuệ nhân tạo cho người mới bắt đầu', 6, ['cong-nghe']],
  ['tin-hoc-lap-trinh', 'An toàn thông tin trên mạng', 6, ['cong-nghe', 'ky-nang-mem']],
  ['ky-nang-song', 'Quản lý thời gian hiệu quả', 9, ['phat-trien-ban-than', 'ky-nang-mem']],
  ['ky-nang-song', 'Kỹ năng thuyết trình tự tin', 9, ['phat-trien-ban-than', 'ky-nang-mem']],
  ['ky-nang-song', 'Tư duy phản biện cho học sinh', 9, ['phat-trien-ban-than']],
  ['ky-nang-song', 'Kỹ năng tự học và ghi nhớ', 9, ['phat-trien-ban-than', 'ky-nang-mem']],
  ['ky-nang-song', 'Định hướng nghề nghiệp cho học sinh THPT', 9, ['phat-trien-ban-than']],
  ['ky-nang-song', 'Nuôi dạy con tích cực cho cha mẹ', 5, ['phat-trien-ban-than']],
  ['mam-non-tieu-hoc', 'Bé vui học chữ cái', 5, ['hoc-tot-tieu-hoc']],
  ['mam-non-tieu-hoc', 'Toán lớp 3 bám sát sách giáo khoa', 5, ['hoc-tot-tieu-hoc']],
  ['mam-non-tieu-hoc', 'Tiếng Việt lớp 5: Luyện từ và câu', 5, ['hoc-tot-tieu-hoc']],
  ['mam-non-tieu-hoc', 'Khoa học lớp 4: Thế giới quanh em', 5, ['hoc-tot-tieu-hoc']],
  ['mam-non-tieu-hoc', 'Vẽ tranh sáng tạo cho bé', 5, ['hoc-tot-tieu-hoc']],
  ['mam-non-tieu-hoc', 'Âm nhạc và vận động cho bé', 5, ['hoc-tot-tieu-hoc']],
];

/** Partner courses (type api): [category, title, platform]. */
export const API_COURSES: Array<[string, string, string]> = [
  ['tieng-anh', 'MobiEnglish: Tiếng Anh mỗi ngày', 'flatform_app'],
  ['tieng-anh', 'Luyện nói cùng trợ lý ảo', 'flatform_web'],
  ['toan-hoc', 'Toán thông minh trên ứng dụng', 'flatform_web_app'],
  ['tin-hoc-lap-trinh', 'Học lập trình đa nền tảng', 'platform_cross'],
  ['mam-non-tieu-hoc', 'Thư viện truyện tranh thiếu nhi', ''],
];

/** Combos: [category, title, indexes of child courses in COURSE_TITLES]. */
export const COMBOS: Array<[string, string, number[]]> = [
  ['toan-hoc', 'Combo luyện thi THPT: Toán, Lý, Hóa', [0, 22, 26]],
  ['tieng-anh', 'Combo Tiếng Anh toàn diện', [13, 15, 17, 19]],
  ['lich-su-dia-ly', 'Combo Khoa học xã hội ôn thi tốt nghiệp', [32, 31, 36]],
  ['mam-non-tieu-hoc', 'Combo Học tốt tiểu học', [5, 11, 50]],
];

/** Reviews that fit any course, by their rating: the seed gives each course a few. */
export const REVIEW_COMMENTS: Record<number, string[]> = {
  5: [
    'Giảng dễ hiểu, mỗi bài ngắn nên mình học được cả lúc đi xe buýt.',
    'Video rõ nét, có tài liệu tải về kèm theo. Rất đáng tiền.',
    'Lộ trình rõ ràng, mỗi tối học 20 phút là vừa sức.',
    'Ví dụ gần gũi với đời sống nên nhớ lâu hơn học trên lớp.',
    'Học xong thấy tự tin hẳn, sẽ giới thiệu cho bạn bè.',
  ],
  4: [
    'Bài kiểm tra cuối khóa giúp mình biết mình còn hổng chỗ nào.',
    'Giáo viên trả lời câu hỏi trong phần thảo luận rất nhanh.',
    'Học trên điện thoại mượt, chế độ tiết kiệm dữ liệu rất hữu ích.',
  ],
  3: [
    'Chương 2 hơi nhanh, phải xem lại vài lần mới hiểu.',
    'Nội dung ổn nhưng mong có thêm bài tập nâng cao.',
    'Phù hợp người mới bắt đầu, người đã có nền tảng sẽ thấy hơi dễ.',
  ],
};
export const REVIEWER_NAMES = [
  'Minh Anh',
  'Quang Huy',
  'Thu Trang',
  'Đức Thịnh',
  'Ngọc Diệp',
  'Hải Yến',
  'Tuấn Kiệt',
  'Bảo Ngọc',
];

/** The demo content's words: news, hashtags, help articles, solutions, exam gate, intro and feedback. */

export const POST_CATEGORIES = [
  { slug: 'tin-giao-duc', name: 'Tin giáo dục', subtype: 'blog' },
  { slug: 'tuyen-sinh', name: 'Tuyển sinh', subtype: 'blog' },
  { slug: 'kinh-nghiem-hoc-tap', name: 'Kinh nghiệm học tập', subtype: 'blog' },
  { slug: 'su-kien-khai-tri', name: 'Sự kiện Khai Trí', subtype: 'blog' },
  { slug: 'video-bai-giang', name: 'Video bài giảng', subtype: 'video' },
] as const;

export const TAGS = [
  'Thi THPT 2027',
  'Tuyển sinh lớp 10',
  'Mẹo học tập',
  'Tiếng Anh',
  'Toán học',
  'Phụ huynh',
  'Chuyển đổi số',
  'Học trực tuyến',
  'Kỹ năng sống',
  'Học bổng',
  'Đà Nẵng',
  'Sức khỏe học đường',
];

/** [category slug, title, tag indexes]. */
export const NEWS: Array<[string, string, number[]]> = [
  ['tin-giao-duc', 'Bộ Giáo dục công bố cấu trúc đề thi tốt nghiệp THPT 2027', [0]],
  ['tin-giao-duc', 'Chương trình giáo dục phổ thông mới: những điểm phụ huynh cần biết', [5]],
  ['tin-giao-duc', 'Chuyển đổi số trong nhà trường: từ sổ điểm điện tử đến lớp học trực tuyến', [6, 7]],
  ['tin-giao-duc', 'Học sinh Đà Nẵng giành 5 huy chương Olympic Toán quốc tế', [4, 10]],
  ['tin-giao-duc', 'Tăng cường giáo dục kỹ năng sống trong trường học', [8]],
  ['tin-giao-duc', 'Nhiều trường đại học mở ngành mới về trí tuệ nhân tạo', [6]],
  ['tin-giao-duc', 'Sức khỏe học đường: ngủ đủ giấc giúp học tốt hơn', [11, 5]],
  ['tin-giao-duc', 'Học trực tuyến ở vùng cao: khi sóng di động đến bản', [7, 6]],
  ['tin-giao-duc', 'Thư viện số miễn phí cho học sinh tiểu học', [7]],
  ['tuyen-sinh', 'Lịch thi vào lớp 10 năm học 2027–2028 tại Hà Nội', [1]],
  ['tuyen-sinh', 'Điểm chuẩn lớp 10 các trường THPT chuyên năm 2026', [1]],
  ['tuyen-sinh', 'Hướng dẫn đăng ký nguyện vọng xét tuyển đại học', [0]],
  ['tuyen-sinh', 'Các phương thức xét tuyển đại học năm 2027', [0]],
  ['tuyen-sinh', 'Thi đánh giá năng lực: cấu trúc và cách ôn tập', [0, 2]],
  ['tuyen-sinh', 'Học bổng toàn phần cho học sinh có hoàn cảnh khó khăn', [9]],
  ['tuyen-sinh', 'Tuyển sinh lớp 6 trường chất lượng cao: những lưu ý', [5]],
  ['tuyen-sinh', 'Mùa tuyển sinh 2027: ngành nào đang được quan tâm?', [0]],
  ['tuyen-sinh', 'Thí sinh tự do cần chuẩn bị gì cho kỳ thi tốt nghiệp?', [0]],
  ['kinh-nghiem-hoc-tap', 'Năm mẹo ôn thi môn Toán đạt điểm cao', [2, 4, 0]],
  ['kinh-nghiem-hoc-tap', 'Phương pháp Pomodoro: học 25 phút, nghỉ 5 phút', [2, 8]],
  ['kinh-nghiem-hoc-tap', 'Học từ vựng tiếng Anh mỗi ngày không nhàm chán', [3, 2]],
  ['kinh-nghiem-hoc-tap', 'Cách lập kế hoạch ôn thi 100 ngày', [0, 2]],
  ['kinh-nghiem-hoc-tap', 'Vượt qua áp lực thi cử: lời khuyên từ chuyên gia tâm lý', [8, 11]],
  ['kinh-nghiem-hoc-tap', 'Ghi chép thông minh với sơ đồ tư duy', [2]],
  ['kinh-nghiem-hoc-tap', 'Đồng hành cùng con học trực tuyến: bí quyết cho phụ huynh', [5, 7]],
  ['kinh-nghiem-hoc-tap', 'Luyện nghe tiếng Anh qua phim và bài hát', [3]],
  ['kinh-nghiem-hoc-tap', 'Làm bài thi trắc nghiệm: tránh những lỗi thường gặp', [0, 2]],
  ['kinh-nghiem-hoc-tap', 'Học Địa lý bằng Atlat hiệu quả', [2]],
  ['su-kien-khai-tri', 'Khai Trí ra mắt ứng dụng học tập mới', [7]],
  ['su-kien-khai-tri', 'Ngày hội học tập trực tuyến 2026 thu hút 50.000 học sinh', [7]],
  ['su-kien-khai-tri', 'Khai Trí đồng hành cùng học sinh miền Trung sau bão', [9, 10]],
  ['su-kien-khai-tri', 'Cuộc thi “Em yêu tiếng Anh” mùa thứ ba chính thức khởi động', [3]],
  ['su-kien-khai-tri', 'Ký kết hợp tác chuyển đổi số với 120 trường học', [6]],
  ['su-kien-khai-tri', 'Trao 1.000 suất học bổng khóa học trực tuyến', [9]],
  ['su-kien-khai-tri', 'Hội thảo “Phụ huynh thông thái trong thời đại số”', [5, 6]],
  ['su-kien-khai-tri', 'Khai Trí tại Ngày hội tư vấn tuyển sinh Đà Nẵng', [10, 0]],
  ['video-bai-giang', 'Video: Giải nhanh bài toán cực trị hàm số', [4, 0]],
  ['video-bai-giang', 'Video: 10 cấu trúc tiếng Anh hay gặp trong đề thi', [3, 0]],
  ['video-bai-giang', 'Video: Ôn tập Lịch sử Việt Nam 1945–1975', [0]],
  ['video-bai-giang', 'Video: Thí nghiệm vui về áp suất không khí', [2]],
  ['video-bai-giang', 'Video: Hướng dẫn lập trình Scratch trò chơi đầu tiên', [6]],
  ['video-bai-giang', 'Video: Kỹ năng thuyết trình trước lớp', [8]],
  ['video-bai-giang', 'Video: Mẹo nhớ công thức Hóa học', [2]],
];

export const SUPPORT_CATEGORIES = [
  { slug: 'tai-khoan-va-dang-nhap', name: 'Tài khoản và đăng nhập', subtype: 'product' },
  { slug: 'khoa-hoc-va-hoc-tap', name: 'Khóa học và học tập', subtype: 'product' },
  { slug: 'huong-dan-thanh-toan', name: 'Hướng dẫn thanh toán', subtype: 'guide' },
  { slug: 'chinh-sach', name: 'Chính sách', subtype: 'policy' },
] as const;

/** [category slug, question, answer]. */
export const HELP: Array<[string, string, string]> = [
  [
    'tai-khoan-va-dang-nhap',
    'Làm thế nào để đăng ký tài khoản?',
    'Chọn “Đăng ký”, nhập số điện thoại hoặc thư điện tử, đặt mật khẩu và nhập mã OTP gửi về điện thoại.',
  ],
  [
    'tai-khoan-va-dang-nhap',
    'Tôi quên mật khẩu thì phải làm sao?',
    'Chọn “Quên mật khẩu” ở trang đăng nhập, nhập số điện thoại để nhận mã OTP rồi đặt mật khẩu mới.',
  ],
  [
    'tai-khoan-va-dang-nhap',
    'Không nhận được mã OTP',
    'Kiểm tra sóng điện thoại và hộp tin nhắn rác; sau 60 giây bạn có thể yêu cầu gửi lại mã.',
  ],
  [
    'tai-khoan-va-dang-nhap',
    'Cách đổi số điện thoại hoặc thư điện tử',
    'Vào Tài khoản › Hồ sơ, chọn “Đổi thư điện tử” và xác nhận qua đường dẫn gửi tới địa chỉ mới.',
  ],
  [
    'tai-khoan-va-dang-nhap',
    'Đăng nhập bằng Google hoặc Facebook',
    'Bạn có thể liên kết tài khoản Google, Facebook trong trang Hồ sơ để đăng nhập nhanh.',
  ],
  [
    'tai-khoan-va-dang-nhap',
    'Đăng xuất khỏi các thiết bị khác',
    'Trong Hồ sơ, mục “Lịch sử đăng nhập”, chọn “Đăng xuất các thiết bị khác”.',
  ],
  [
    'tai-khoan-va-dang-nhap',
    'Tài khoản bị khóa tạm thời',
    'Nhập sai mật khẩu nhiều lần, việc đăng nhập bằng mật khẩu trên thiết bị đó tạm dừng, nhưng tài khoản của bạn không bị khóa: chọn “Đăng nhập bằng mã OTP” để nhận mã qua SMS và vào học ngay. Trên thiết bị bạn đã từng đăng nhập, người khác đoán sai mật khẩu không làm bạn bị chặn. Nếu tài khoản bị quản trị viên khóa, hãy gọi tổng đài 1800 1090.',
  ],
  [
    'tai-khoan-va-dang-nhap',
    'Xóa tài khoản như thế nào?',
    'Gửi yêu cầu qua trang Liên hệ; chúng tôi xác minh và xóa dữ liệu trong 7 ngày làm việc.',
  ],
  [
    'khoa-hoc-va-hoc-tap',
    'Cách kích hoạt khóa học bằng mã',
    'Vào Tài khoản › Kích hoạt khóa học, nhập mã 12 ký tự in trên thẻ và chọn “Kích hoạt”.',
  ],
  [
    'khoa-hoc-va-hoc-tap',
    'Học trên điện thoại và máy tính cùng lúc được không?',
    'Được. Tiến độ học được lưu trên máy chủ, bạn học tiếp ở bất kỳ thiết bị nào.',
  ],
  [
    'khoa-hoc-va-hoc-tap',
    'Video bị giật, không xem được',
    'Hãy chọn độ phân giải thấp hơn (480p hoặc 360p) khi mạng yếu, hoặc tải lại trang.',
  ],
  [
    'khoa-hoc-va-hoc-tap',
    'Bài học thử là gì?',
    'Mỗi khóa có một số bài học thử miễn phí để bạn xem trước chất lượng bài giảng.',
  ],
  [
    'khoa-hoc-va-hoc-tap',
    'Làm sao để nhận chứng chỉ hoàn thành?',
    'Hoàn thành mọi bài học và đạt bài kiểm tra cuối khóa (từ 60%): chứng chỉ có ngay trong Tài khoản › Chứng chỉ, kèm mã để ai cũng kiểm tra được tại trang Chứng chỉ.',
  ],
  [
    'khoa-hoc-va-hoc-tap',
    'Thời hạn học của khóa học là bao lâu?',
    'Tùy gói: gói ngày, tuần, tháng, năm hoặc trọn đời. Thời hạn hiển thị trong Khóa học của tôi.',
  ],
  [
    'khoa-hoc-va-hoc-tap',
    'Đặt câu hỏi cho giáo viên ở đâu?',
    'Mỗi bài học có mục Thảo luận ngay dưới bài: đặt câu hỏi ở đó, giáo viên và các bạn cùng khóa sẽ trả lời, bạn nhận thông báo khi có người trả lời.',
  ],
  [
    'khoa-hoc-va-hoc-tap',
    'Khóa học combo gồm những gì?',
    'Combo gồm nhiều khóa học lẻ với giá ưu đãi; danh sách khóa con hiển thị trên trang khóa học.',
  ],
  [
    'khoa-hoc-va-hoc-tap',
    'Học trên ứng dụng di động',
    'Tải ứng dụng Khai Trí, đăng nhập cùng tài khoản và chọn khóa học trong Khóa học của tôi: tiến độ học trên web và ứng dụng là một.',
  ],
  [
    'huong-dan-thanh-toan',
    'Thanh toán bằng ví MoMo',
    'Chọn MoMo khi thanh toán, quét mã QR bằng ứng dụng MoMo và xác nhận.',
  ],
  [
    'huong-dan-thanh-toan',
    'Thanh toán bằng thẻ ATM nội địa',
    'Chọn OnePay nội địa, chọn ngân hàng, nhập thông tin thẻ và mã OTP ngân hàng gửi về.',
  ],
  [
    'huong-dan-thanh-toan',
    'Thanh toán bằng thẻ Visa, Mastercard',
    'Chọn OnePay quốc tế và nhập thông tin thẻ. Giao dịch được xác thực 3-D Secure.',
  ],
  ['huong-dan-thanh-toan', 'Thanh toán qua VNPay', 'Chọn VNPay, quét mã QR bằng ứng dụng ngân hàng hỗ trợ VNPay-QR.'],
  [
    'huong-dan-thanh-toan',
    'Trừ tiền vào tài khoản di động',
    'Chọn “Trừ tiền tài khoản di động”, xác nhận bằng OTP. Gói được gia hạn theo chu kỳ cho đến khi bạn hủy.',
  ],
  [
    'huong-dan-thanh-toan',
    'Cách hủy gói cước gia hạn',
    'Soạn HUY <mã gói> gửi 9234, hoặc vào Tài khoản › Gói cước và chọn “Hủy gói”. Hủy gói miễn phí.',
  ],
  [
    'huong-dan-thanh-toan',
    'Đã trừ tiền nhưng chưa có khóa học',
    'Đợi 5 phút rồi tải lại trang Khóa học của tôi; nếu vẫn chưa có, gửi mã đơn hàng qua trang Liên hệ.',
  ],
  [
    'huong-dan-thanh-toan',
    'Sử dụng mã giảm giá',
    'Nhập mã ở bước thanh toán và chọn “Áp dụng”; mỗi mã dùng một lần cho mỗi tài khoản.',
  ],
  ['chinh-sach', 'Chính sách hoàn tiền', 'Hoàn tiền 100% trong 7 ngày nếu bạn học chưa quá 20% thời lượng khóa học.'],
  [
    'chinh-sach',
    'Chính sách bảo mật thông tin',
    'Chúng tôi chỉ dùng dữ liệu để cung cấp dịch vụ và không bán dữ liệu cá nhân cho bên thứ ba.',
  ],
  [
    'chinh-sach',
    'Điều khoản sử dụng dịch vụ',
    'Tài khoản chỉ dành cho một người dùng; không chia sẻ hoặc sao chép nội dung khóa học.',
  ],
  [
    'chinh-sach',
    'Quy định về gói cước dịch vụ di động',
    'Giá, chu kỳ và cách hủy được thông báo trước khi đăng ký; tra cứu và hủy gói miễn phí.',
  ],
  [
    'chinh-sach',
    'Chính sách bản quyền nội dung',
    'Mọi bài giảng thuộc bản quyền của Khai Trí và giáo viên; nghiêm cấm quay phim, phát tán.',
  ],
  [
    'chinh-sach',
    'Quy định đánh giá khóa học',
    'Chỉ học viên đã đăng ký mới được đánh giá; mỗi người một đánh giá cho mỗi khóa học.',
  ],
  [
    'chinh-sach',
    'Chính sách dành cho trẻ em dưới 16 tuổi',
    'Tài khoản của trẻ dưới 16 tuổi cần sự đồng ý và giám sát của cha mẹ hoặc người giám hộ.',
  ],
];

/** [slug, title, summary, benefits]. */
export const SOLUTIONS: Array<[string, string, string, string[]]> = [
  [
    'truong-hoc-so',
    'Trường học số',
    'Nền tảng quản lý lớp học, bài giảng và kiểm tra trực tuyến cho nhà trường.',
    [
      'Giáo viên giao bài, chấm bài và theo dõi chuyên cần trên một màn hình.',
      'Học sinh học lại bài giảng bất cứ lúc nào trên điện thoại.',
      'Ban giám hiệu xem báo cáo học tập theo lớp, khối và môn.',
    ],
  ],
  [
    'truong-hoc-so/so-lien-lac-dien-tu',
    'Sổ liên lạc điện tử',
    'Kết nối nhà trường và phụ huynh: điểm số, chuyên cần, thông báo tức thì qua ứng dụng.',
    [
      'Phụ huynh nhận điểm và nhận xét ngay khi giáo viên nhập.',
      'Thông báo nghỉ học, họp phụ huynh gửi đến cả lớp trong một lần.',
      'Phụ huynh xin phép cho con nghỉ học ngay trên ứng dụng.',
    ],
  ],
  [
    'thu-vien-so',
    'Thư viện số',
    'Kho học liệu số với hàng nghìn bài giảng, sách điện tử và đề kiểm tra.',
    [
      'Sách điện tử và bài giảng sắp xếp theo môn, khối lớp và bộ sách giáo khoa.',
      'Giáo viên dùng chung đề kiểm tra và học liệu của tổ bộ môn.',
      'Học sinh mượn sách điện tử không cần đến thư viện.',
    ],
  ],
  [
    'dao-tao-doanh-nghiep',
    'Đào tạo doanh nghiệp',
    'Xây dựng học viện trực tuyến riêng cho doanh nghiệp với báo cáo tiến độ chi tiết.',
    [
      'Đưa tài liệu đào tạo nội bộ lên khóa học có bài kiểm tra.',
      'Giao lộ trình học cho từng phòng ban và nhân viên mới.',
      'Theo dõi tỉ lệ hoàn thành và kết quả kiểm tra của từng người.',
    ],
  ],
];

/**
 * [title, summary, how to take part (with the course that trains for it), the contest or practice
 * room it presents (db/seed/exams.ts links them: SEEDED_CONTESTS keys, or `luyen-tap-` rooms)].
 */
export const EXAM_GATE: Array<[string, string, string, string]> = [
  [
    'Thi thử tốt nghiệp THPT môn Toán — đợt 1',
    'Đề 22 câu theo cấu trúc từ năm 2025: 12 câu nhiều phương án, 4 câu đúng sai và 6 câu trả lời ngắn, làm trong 90 phút, xếp hạng khi kỳ thi kết thúc.',
    'Mỗi thí sinh làm một lượt; đáp án và lời giải được công bố khi kỳ thi đóng. Ôn các dạng câu này trong khóa <a href="/khoa-hoc/luyen-thi-thpt-quoc-gia-mon-toan-2027">Luyện thi THPT quốc gia môn Toán 2027</a>.',
    'open',
  ],
  [
    'Thi thử tốt nghiệp THPT môn Vật lý — đợt 1',
    'Đề 28 câu trong 50 phút: 18 câu nhiều phương án, 4 câu đúng sai và 6 câu trả lời ngắn về vật lý nhiệt, khí lí tưởng, từ trường và vật lý hạt nhân.',
    'Bấm “Nhắc tôi” để nhận thông báo 15 phút trước giờ mở. Ôn chuyên đề trong khóa <a href="/khoa-hoc/luyen-de-vat-ly-thpt-quoc-gia">Luyện đề Vật lý THPT quốc gia</a>.',
    'upcoming',
  ],
  [
    'Kết quả thi thử tốt nghiệp THPT môn Tiếng Anh — đợt 1',
    'Đợt thi 40 câu trắc nghiệm trong 50 phút đã kết thúc: bảng xếp hạng, phổ điểm, đáp án và lời giải đã được công bố.',
    'Thí sinh đạt từ 8 điểm nhận chứng nhận kết quả, xác minh được bằng mã. Củng cố ngữ pháp với khóa <a href="/khoa-hoc/ngu-phap-tieng-anh-toan-tap">Ngữ pháp tiếng Anh toàn tập</a>.',
    'finished',
  ],
  [
    'Luyện đề Toán theo cấu trúc 2025 bất cứ lúc nào',
    'Phòng luyện tập luôn mở với đề Toán mẫu 22 câu: làm bao nhiêu lượt cũng được, không tính vào bảng xếp hạng.',
    'Đáp án và lời giải từng câu hiện ngay sau khi nộp bài; công thức hiển thị rõ trên điện thoại.',
    'luyen-tap-de-mau-toan-thpt-2025',
  ],
  [
    'Luyện đề Tiếng Anh 40 câu với lời giải chi tiết',
    'Đề Tiếng Anh mẫu về ngữ âm, ngữ pháp, từ vựng và đọc hiểu, luyện lại nhiều lần trong 50 phút mỗi lượt.',
    'Sau mỗi lượt, xem câu đã chọn, đáp án đúng và lời giải để biết mình hổng phần nào.',
    'luyen-tap-de-mau-tieng-anh-thpt-2025',
  ],
];

/** Press articles about Khai Trí: [newspaper, what it said]. */
export const PRESS: Array<[string, string]> = [
  ['Báo Giáo dục và Thời đại', 'Nền tảng học trực tuyến giúp học sinh vùng xa tiếp cận bài giảng chất lượng.'],
  ['Báo Tuổi Trẻ', 'Học trên điện thoại với gói cước vài nghìn đồng mỗi ngày: lựa chọn mới của học sinh.'],
  ['VnExpress', 'Hơn 1.000 trường học dùng nền tảng trực tuyến để giao bài và kết nối phụ huynh.'],
  ['Báo Thanh Niên', 'Khóa học ngắn, chế độ tiết kiệm dữ liệu: học trực tuyến vừa túi tiền học sinh.'],
];

export const FEEDBACK: Array<[string, string]> = [
  [
    'Chị Nguyễn Thu Lan — phụ huynh học sinh lớp 9',
    'Con tôi học Toán trên Khai Trí mỗi tối 30 phút, sau ba tháng đã tự tin hơn hẳn khi làm bài.',
  ],
  [
    'Em Trần Đức Minh — học sinh lớp 12, Đà Nẵng',
    'Các khóa luyện đề giúp em đạt 27 điểm khối A. Học trên điện thoại rất tiện.',
  ],
  [
    'Thầy Phạm Văn Hải — Hiệu trưởng THCS Quang Trung',
    'Giải pháp trường học số giúp nhà trường tiết kiệm thời gian quản lý và kết nối phụ huynh tốt hơn.',
  ],
  [
    'Anh Lê Hoàng Nam — nhân viên văn phòng',
    'Khóa Tiếng Anh giao tiếp ngắn gọn, thực tế, mình học trên đường đi làm mỗi ngày.',
  ],
  ['Em Vũ Ngọc Mai — học sinh lớp 5', 'Em thích học Tiếng Anh thiếu nhi vì có nhiều trò chơi và bài hát vui.'],
  [
    'Cô Đỗ Thị Hạnh — giáo viên Tiểu học',
    'Học liệu phong phú, tôi dùng để giao bài tập về nhà cho học sinh rất thuận tiện.',
  ],
];

export const INTRO: Array<[string, string, string]> = [
  [
    've-chung-toi',
    'Về Khai Trí',
    'Khai Trí là nền tảng học trực tuyến dành cho người Việt mọi lứa tuổi, do một nhà mạng viễn thông phát triển, với hơn 60 khóa học cùng đội ngũ giáo viên giỏi.',
  ],
  [
    'su-menh',
    'Sứ mệnh',
    'Mang tri thức chất lượng đến mọi học sinh Việt Nam, dù ở thành phố hay vùng sâu vùng xa, chỉ với một chiếc điện thoại.',
  ],
  ['gia-tri-cot-loi', 'Giá trị cốt lõi', 'Chất lượng — Tận tâm — Đổi mới — Dễ tiếp cận.'],
];

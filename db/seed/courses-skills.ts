/** The demo courses' own words: Computing and Programming, Life skills. */
import { multiple, single, type CourseContent } from './course-content.ts';

export const SKILLS_COURSES: CourseContent[] = [
  {
    title: 'Lập trình Scratch cho trẻ em',
    level: 'Cơ bản',
    summary: 'Bé kéo thả khối lệnh để làm hoạt hình và trò chơi đầu tiên, rèn tư duy máy tính từ 7 tuổi.',
    outcomes: [
      'Làm nhân vật di chuyển, nói và đổi trang phục bằng khối lệnh.',
      'Dùng vòng lặp và điều kiện để làm trò chơi đơn giản.',
      'Chia sẻ dự án Scratch với bạn bè và thầy cô.',
    ],
    audience: 'Bé từ 7 đến 12 tuổi chưa từng học lập trình.',
    chapters: ['Chương 1: Làm quen Scratch', 'Chương 2: Vòng lặp và điều kiện', 'Chương 3: Trò chơi đầu tiên'],
    lessons: ['Sân khấu và nhân vật', 'Khối lệnh lặp lại', 'Nếu … thì …', 'Trò chơi hứng táo'],
    exam: 'Đố vui Scratch',
    quiz: [
      single(
        'Khối lệnh nào làm nhân vật lặp lại mãi mãi?',
        ['liên tục (forever)*', 'chờ 1 giây', 'nói xin chào'],
        'Khối “liên tục” lặp các lệnh bên trong không dừng.',
      ),
      multiple(
        'Những việc nào làm được trong Scratch?',
        ['Cho nhân vật di chuyển*', 'Thêm âm thanh*', 'Đổi phông nền*', 'Gửi tin nhắn SMS'],
        'Scratch chạy trong trình duyệt, không gửi SMS.',
      ),
      single(
        'Lệnh bắt đầu chương trình khi bấm lá cờ xanh thuộc nhóm khối',
        ['Sự kiện*', 'Âm thanh', 'Bút vẽ'],
        'Khối “khi bấm vào lá cờ xanh” thuộc nhóm Sự kiện.',
      ),
    ],
  },
  {
    title: 'Python cơ bản cho học sinh',
    level: 'Cơ bản',
    summary: 'Biến, vòng lặp, hàm và danh sách trong Python qua bài tập nhỏ: máy tính bỏ túi, đoán số, quản lý điểm.',
    outcomes: [
      'Viết chương trình Python dùng biến, câu lệnh if và vòng lặp.',
      'Tự định nghĩa hàm và xử lý danh sách.',
      'Làm ba dự án nhỏ chạy được trên máy tính.',
    ],
    audience: 'Học sinh THCS, THPT học Tin học theo chương trình mới hoặc muốn thi học sinh giỏi Tin.',
    chapters: ['Chương 1: Biến và kiểu dữ liệu', 'Chương 2: Điều kiện và vòng lặp', 'Chương 3: Hàm và danh sách'],
    lessons: ['Biến, số và chuỗi', 'Câu lệnh if', 'Vòng lặp for và while', 'Dự án: trò chơi đoán số'],
    exam: 'Kiểm tra: Python cơ bản',
    quiz: [
      single('print(3 * 2 + 1) in ra', ['7*', '9', '6'], 'Nhân trước cộng sau: 3 * 2 + 1 = 7.'),
      multiple(
        'Những kiểu dữ liệu nào có sẵn trong Python?',
        ['int*', 'str*', 'list*', 'table'],
        'Python có int, float, str, list, dict…; “table” không phải kiểu có sẵn.',
      ),
      single('len([1, 2, 3]) trả về', ['3*', '2', '6'], 'Danh sách có 3 phần tử.'),
    ],
  },
  {
    title: 'Tin học văn phòng: Word, Excel, PowerPoint',
    level: 'Cơ bản',
    summary:
      'Soạn văn bản chuẩn, lập bảng tính với hàm thông dụng và làm bài trình chiếu đẹp cho học tập và công việc.',
    outcomes: [
      'Định dạng văn bản, chèn mục lục và bảng biểu trong Word.',
      'Dùng các hàm SUM, AVERAGE, IF, VLOOKUP trong Excel.',
      'Thiết kế bài trình chiếu rõ ràng trong PowerPoint.',
    ],
    audience: 'Học sinh, sinh viên và nhân viên văn phòng muốn dùng thành thạo bộ ứng dụng văn phòng.',
    chapters: ['Chương 1: Word', 'Chương 2: Excel', 'Chương 3: PowerPoint'],
    lessons: ['Định dạng và mục lục tự động', 'Hàm tính toán trong Excel', 'Hàm IF và VLOOKUP', 'Thiết kế slide'],
    exam: 'Kiểm tra: tin học văn phòng',
    quiz: [
      single('Hàm Excel tính trung bình cộng là', ['AVERAGE*', 'SUM', 'COUNT'], 'AVERAGE trả về trung bình cộng.'),
      multiple(
        'Những tổ hợp phím nào đúng trong Word?',
        ['Ctrl + C để sao chép*', 'Ctrl + V để dán*', 'Ctrl + Z để hoàn tác*', 'Ctrl + P để đổi phông chữ'],
        'Ctrl + P là in.',
      ),
      single('=IF(A1>=5;"Đạt";"Chưa đạt") với A1 = 7 trả về', ['Đạt*', 'Chưa đạt', '7'], '7 ≥ 5 nên kết quả là “Đạt”.'),
    ],
  },
  {
    title: 'Thiết kế web đầu tiên với HTML và CSS',
    level: 'Trung bình',
    summary: 'Tự làm một trang web giới thiệu bản thân: cấu trúc HTML, trang trí CSS và hiển thị đẹp trên điện thoại.',
    outcomes: [
      'Viết trang HTML có tiêu đề, đoạn văn, hình ảnh và liên kết.',
      'Trang trí bằng CSS: màu sắc, phông chữ, khoảng cách.',
      'Dàn trang bằng Flexbox và hiển thị tốt trên điện thoại.',
    ],
    audience: 'Học sinh, sinh viên mới làm quen với thiết kế web.',
    chapters: ['Chương 1: HTML', 'Chương 2: CSS', 'Chương 3: Trang web hoàn chỉnh'],
    lessons: ['Thẻ HTML cơ bản', 'Bộ chọn và thuộc tính CSS', 'Dàn trang với Flexbox', 'Trang web trên điện thoại'],
    exam: 'Kiểm tra: HTML và CSS',
    quiz: [
      single('Thẻ HTML dùng để chèn liên kết là', ['<a>*', '<p>', '<img>'], 'Thẻ <a href="…"> tạo liên kết.'),
      multiple(
        'Những thuộc tính nào là thuộc tính CSS?',
        ['color*', 'margin*', 'font-size*', 'href'],
        'href là thuộc tính HTML của thẻ <a>.',
      ),
      single(
        'Để xếp các phần tử theo hàng ngang, ta dùng',
        ['display: flex*', 'display: none', 'color: red'],
        'Flexbox xếp phần tử con theo hàng mặc định.',
      ),
    ],
  },
  {
    title: 'Trí tuệ nhân tạo cho người mới bắt đầu',
    level: 'Cơ bản',
    summary: 'AI là gì, học máy hoạt động ra sao và dùng công cụ AI an toàn, có trách nhiệm trong học tập.',
    outcomes: [
      'Giải thích học máy và dữ liệu huấn luyện bằng ví dụ đời thường.',
      'Dùng trợ lý AI để học tập mà vẫn tự tư duy.',
      'Nhận biết rủi ro: thông tin sai, thiên kiến và quyền riêng tư.',
    ],
    audience: 'Học sinh THPT, sinh viên và người đi làm tò mò về trí tuệ nhân tạo.',
    chapters: ['Chương 1: AI quanh ta', 'Chương 2: Học máy', 'Chương 3: Dùng AI có trách nhiệm'],
    lessons: [
      'AI trong điện thoại của bạn',
      'Dữ liệu huấn luyện',
      'Viết câu lệnh cho trợ lý AI',
      'Kiểm chứng thông tin AI đưa ra',
    ],
    exam: 'Kiểm tra: hiểu về AI',
    quiz: [
      single(
        'Học máy (machine learning) là cách máy tính',
        ['học quy luật từ dữ liệu*', 'chạy nhanh hơn', 'tự sửa phần cứng'],
        'Mô hình học máy rút ra quy luật từ dữ liệu huấn luyện.',
      ),
      multiple(
        'Những việc nào nên làm khi dùng trợ lý AI?',
        [
          'Kiểm chứng thông tin quan trọng*',
          'Không nhập dữ liệu cá nhân nhạy cảm*',
          'Chép nguyên văn câu trả lời vào bài thi',
          'Tin mọi câu trả lời',
        ],
        'AI có thể sai; hãy kiểm chứng và bảo vệ dữ liệu cá nhân.',
      ),
      single(
        'Ứng dụng nào dưới đây dùng nhận dạng hình ảnh?',
        ['Mở khóa điện thoại bằng khuôn mặt*', 'Máy tính bỏ túi', 'Đồng hồ báo thức'],
        'Mở khóa bằng khuôn mặt nhận dạng ảnh chụp.',
      ),
    ],
  },
  {
    title: 'An toàn thông tin trên mạng',
    level: 'Cơ bản',
    summary: 'Đặt mật khẩu mạnh, nhận ra tin nhắn lừa đảo và bảo vệ tài khoản mạng xã hội, ngân hàng của cả gia đình.',
    outcomes: [
      'Tạo và quản lý mật khẩu mạnh, bật xác thực hai lớp.',
      'Nhận ra tin nhắn, cuộc gọi và đường dẫn lừa đảo.',
      'Biết làm gì khi tài khoản bị chiếm đoạt.',
    ],
    audience: 'Học sinh, phụ huynh và người cao tuổi dùng điện thoại thông minh hằng ngày.',
    chapters: ['Chương 1: Mật khẩu và tài khoản', 'Chương 2: Lừa đảo trực tuyến', 'Chương 3: Khi sự cố xảy ra'],
    lessons: [
      'Mật khẩu mạnh và xác thực hai lớp',
      'Nhận diện tin nhắn giả mạo',
      'Lừa đảo qua cuộc gọi',
      'Lấy lại tài khoản bị chiếm',
    ],
    exam: 'Kiểm tra: an toàn trên mạng',
    quiz: [
      single(
        'Mật khẩu nào mạnh nhất?',
        ['M@yBay!Xanh2026*', '123456', 'matkhau'],
        'Mật khẩu dài, có chữ hoa, chữ thường, số và kí tự đặc biệt.',
      ),
      multiple(
        'Những dấu hiệu nào cho thấy tin nhắn có thể là lừa đảo?',
        [
          'Yêu cầu cung cấp mã OTP*',
          'Giục chuyển tiền gấp*',
          'Đường dẫn lạ, sai chính tả*',
          'Tin nhắn lịch học của nhà trường qua ứng dụng chính thức',
        ],
        'Không ai chính đáng hỏi mã OTP của bạn.',
      ),
      single(
        'Khi ai đó gọi điện xin mã OTP ngân hàng, bạn nên',
        ['từ chối và gọi tổng đài chính thức*', 'đọc mã cho họ', 'gửi ảnh thẻ ngân hàng'],
        'Mã OTP chỉ để bạn tự dùng.',
      ),
    ],
  },
  {
    title: 'Quản lý thời gian hiệu quả',
    level: 'Cơ bản',
    summary: 'Lập kế hoạch tuần, ưu tiên việc quan trọng và thôi trì hoãn với ma trận Eisenhower và kỹ thuật Pomodoro.',
    outcomes: [
      'Lập kế hoạch tuần và kế hoạch ngày thực tế.',
      'Phân loại công việc theo ma trận Eisenhower.',
      'Tập trung sâu với kỹ thuật Pomodoro.',
    ],
    audience: 'Học sinh, sinh viên và người đi làm luôn thấy thiếu thời gian.',
    chapters: ['Chương 1: Thời gian đi đâu', 'Chương 2: Ưu tiên', 'Chương 3: Tập trung'],
    lessons: [
      'Ghi nhật ký thời gian',
      'Ma trận Eisenhower',
      'Nói không với việc không quan trọng',
      'Kỹ thuật Pomodoro',
    ],
    exam: 'Kiểm tra: quản lý thời gian',
    quiz: [
      single('Một phiên Pomodoro chuẩn kéo dài', ['25 phút*', '60 phút', '5 phút'], '25 phút tập trung, nghỉ 5 phút.'),
      multiple(
        'Ma trận Eisenhower phân loại công việc theo',
        ['mức độ quan trọng*', 'mức độ khẩn cấp*', 'màu sắc', 'độ dài tên công việc'],
        'Hai trục: quan trọng và khẩn cấp.',
      ),
      single(
        'Việc quan trọng nhưng không khẩn cấp nên',
        ['lên lịch để làm*', 'bỏ qua', 'giao cho người khác ngay'],
        'Đó là nhóm việc tạo giá trị lâu dài, cần lên lịch.',
      ),
    ],
  },
];

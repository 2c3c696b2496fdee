/** The demo courses' own words: partner applications (type api) and combos. */
import { multiple, single, type CourseContent } from './course-content.ts';

export const PARTNER_COURSES: CourseContent[] = [
  {
    title: 'MobiEnglish: Tiếng Anh mỗi ngày',
    level: 'Cơ bản',
    summary: 'Ứng dụng học tiếng Anh 10 phút mỗi ngày: từ vựng, mẫu câu và luyện nghe, trả cước qua tài khoản di động.',
    outcomes: [
      'Học 5 từ mới và 1 mẫu câu mỗi ngày theo chủ đề.',
      'Nghe và nhắc lại câu để sửa phát âm.',
      'Giữ chuỗi ngày học liên tục nhờ lời nhắc hằng ngày.',
    ],
    audience: 'Thuê bao di động muốn học tiếng Anh mỗi ngày bằng gói cước ngày hoặc tuần.',
    chapters: ['Chương 1: Bắt đầu với ứng dụng', 'Chương 2: Từ vựng mỗi ngày', 'Chương 3: Mẫu câu thông dụng'],
    lessons: [
      'Cài đặt và đăng ký gói',
      'Từ vựng chủ đề mua sắm',
      'Từ vựng chủ đề du lịch',
      'Mẫu câu hỏi giá và mặc cả',
    ],
    exam: 'Kiểm tra: từ vựng tuần đầu',
    quiz: [
      single(
        '“How much is this?” dùng để',
        ['hỏi giá*', 'hỏi đường', 'hỏi giờ'],
        'Câu này hỏi “Cái này bao nhiêu tiền?”.',
      ),
      multiple(
        'Những từ nào thuộc chủ đề du lịch?',
        ['passport*', 'hotel*', 'luggage*', 'homework'],
        'Homework là bài tập về nhà.',
      ),
      single(
        '“Can I have a discount?” nghĩa là',
        ['Tôi được giảm giá không?*', 'Tôi có thể trả lại không?', 'Tôi có thể thử không?'],
        'Discount là giảm giá.',
      ),
    ],
  },
  {
    title: 'Luyện nói cùng trợ lý ảo',
    level: 'Trung bình',
    summary: 'Nói chuyện bằng tiếng Anh với trợ lý ảo bất cứ lúc nào, được chấm phát âm và gợi ý câu tự nhiên hơn.',
    outcomes: [
      'Luyện hội thoại theo tình huống: phỏng vấn, gọi món, hỏi đường.',
      'Nhận điểm phát âm từng từ và sửa ngay.',
      'Nói trôi chảy hơn sau 30 ngày luyện đều.',
    ],
    audience: 'Người học tiếng Anh ngại nói vì thiếu bạn luyện cùng.',
    chapters: ['Chương 1: Làm quen trợ lý ảo', 'Chương 2: Hội thoại theo tình huống', 'Chương 3: Nói trôi chảy'],
    lessons: ['Bật micro và chấm phát âm', 'Phỏng vấn xin việc', 'Gọi món ở quán cà phê', 'Kể về một ngày của bạn'],
    exam: 'Kiểm tra: hội thoại với trợ lý ảo',
    quiz: [
      single(
        'Câu trả lời phù hợp cho “Tell me about yourself.” trong buổi phỏng vấn là',
        ['I have three years of experience in sales.*', 'I don’t know.', 'What time is it?'],
        'Hãy giới thiệu kinh nghiệm liên quan đến công việc.',
      ),
      multiple(
        'Những câu nào dùng để gọi món?',
        ['I’d like a cup of coffee, please.*', 'Can I have the menu?*', 'Where is the bus stop?', 'See you tomorrow.'],
        'Hai câu sau không dùng khi gọi món.',
      ),
      single(
        'Để nói trôi chảy hơn, cách luyện hiệu quả nhất là',
        ['nói mỗi ngày một ít*', 'chỉ học thuộc ngữ pháp', 'chờ giỏi rồi mới nói'],
        'Nói đều đặn mỗi ngày giúp phản xạ nhanh hơn.',
      ),
    ],
  },
  {
    title: 'Toán thông minh trên ứng dụng',
    level: 'Cơ bản',
    summary: 'Ứng dụng luyện toán cho học sinh tiểu học với hàng nghìn câu hỏi, tự điều chỉnh độ khó theo từng bé.',
    outcomes: [
      'Luyện tính nhẩm mỗi ngày với câu hỏi đúng sức.',
      'Giải toán có lời văn theo từng bước gợi ý.',
      'Theo dõi tiến bộ của con trên báo cáo tuần gửi phụ huynh.',
    ],
    audience: 'Học sinh lớp 1 đến lớp 5 và phụ huynh muốn con luyện toán đều đặn.',
    chapters: ['Chương 1: Làm quen ứng dụng', 'Chương 2: Luyện tính nhẩm', 'Chương 3: Toán có lời văn'],
    lessons: ['Tạo hồ sơ cho bé', 'Thử thách 60 giây', 'Phép chia có dư', 'Bài toán tìm hai số'],
    exam: 'Thử thách cuối tuần',
    quiz: [
      single('17 chia 5 được', ['3 dư 2*', '3 dư 1', '4 dư 3'], '5 × 3 = 15, 17 − 15 = 2.'),
      multiple(
        'Những số nào chia hết cho 5?',
        ['10*', '25*', '40*', '32'],
        'Số chia hết cho 5 có chữ số tận cùng là 0 hoặc 5.',
      ),
      single('Tổng hai số là 10, hiệu là 2. Số lớn là', ['6*', '5', '8'], 'Số lớn = (10 + 2) : 2 = 6.'),
    ],
  },
  {
    title: 'Học lập trình đa nền tảng',
    level: 'Trung bình',
    summary: 'Viết một ứng dụng chạy trên web, Android và iOS từ một mã nguồn, học theo dự án trong ứng dụng đối tác.',
    outcomes: [
      'Hiểu cách một ứng dụng đa nền tảng hoạt động.',
      'Làm giao diện với các thành phần dùng lại được.',
      'Gọi API để lấy dữ liệu và hiển thị danh sách.',
    ],
    audience: 'Học sinh THPT, sinh viên đã biết lập trình cơ bản, muốn tự làm ứng dụng điện thoại.',
    chapters: ['Chương 1: Ứng dụng đa nền tảng', 'Chương 2: Giao diện', 'Chương 3: Dữ liệu'],
    lessons: [
      'Một mã nguồn, nhiều nền tảng',
      'Thành phần giao diện',
      'Điều hướng giữa các màn hình',
      'Gọi API và hiển thị danh sách',
    ],
    exam: 'Kiểm tra: lập trình ứng dụng',
    quiz: [
      single(
        'API là',
        ['giao diện để các chương trình trao đổi dữ liệu*', 'một loại màn hình', 'một hệ điều hành'],
        'API (Application Programming Interface) cho phép phần mềm gọi nhau.',
      ),
      multiple(
        'Những nền tảng nào là hệ điều hành điện thoại?',
        ['Android*', 'iOS*', 'Excel', 'HTML'],
        'Excel là phần mềm bảng tính; HTML là ngôn ngữ đánh dấu.',
      ),
      single(
        'Định dạng dữ liệu API web thường trả về là',
        ['JSON*', 'MP3', 'JPEG'],
        'JSON là định dạng văn bản phổ biến của API web.',
      ),
    ],
  },
  {
    title: 'Thư viện truyện tranh thiếu nhi',
    level: 'Cơ bản',
    summary: 'Hơn 500 truyện tranh cổ tích, khoa học và kỹ năng sống có giọng đọc, miễn phí cho bé đọc mỗi tối.',
    outcomes: [
      'Đọc truyện cổ tích Việt Nam và thế giới có giọng đọc mẫu.',
      'Trả lời câu hỏi hiểu truyện sau mỗi câu chuyện.',
      'Hình thành thói quen đọc 15 phút trước khi ngủ.',
    ],
    audience: 'Bé từ 4 đến 10 tuổi và cha mẹ muốn xây thói quen đọc cho con.',
    chapters: ['Chương 1: Truyện cổ tích', 'Chương 2: Truyện khoa học', 'Chương 3: Truyện kỹ năng'],
    lessons: ['Sự tích cây vú sữa', 'Tấm Cám', 'Vì sao có mưa', 'Chú thỏ biết nhận lỗi'],
    exam: 'Đố vui đọc truyện',
    quiz: [
      single(
        'Trong truyện “Tấm Cám”, Tấm hóa thành chim gì?',
        ['Chim vàng anh*', 'Chim sẻ', 'Chim công'],
        'Tấm hóa thành chim vàng anh.',
      ),
      multiple(
        'Những truyện nào là truyện cổ tích Việt Nam?',
        ['Tấm Cám*', 'Sự tích cây vú sữa*', 'Thánh Gióng*', 'Cô bé Lọ Lem'],
        'Cô bé Lọ Lem là truyện cổ tích phương Tây.',
      ),
      single(
        'Mưa được tạo thành từ',
        ['hơi nước ngưng tụ trong mây*', 'khói bụi', 'gió thổi'],
        'Hơi nước bốc lên, ngưng tụ thành mây rồi rơi xuống thành mưa.',
      ),
    ],
  },
  {
    title: 'Combo luyện thi THPT: Toán, Lý, Hóa',
    level: 'Nâng cao',
    summary: 'Ba khóa luyện thi Toán, Vật lý, Hóa học trong một gói cho tổ hợp A00, tiết kiệm hơn mua lẻ.',
    outcomes: [
      'Ôn trọn ba môn tổ hợp A00 theo cùng một lịch 100 ngày.',
      'Luyện đề thi thử cả ba môn có chữa chi tiết.',
      'Cân đối thời gian ôn giữa các môn theo điểm mạnh, điểm yếu.',
    ],
    audience: 'Học sinh lớp 12 xét tuyển khối A00 vào các ngành kỹ thuật, công nghệ.',
    chapters: ['Chương 1: Lập lịch ôn ba môn', 'Chương 2: Ôn theo chuyên đề', 'Chương 3: Thi thử tổng hợp'],
    lessons: [
      'Lịch ôn 100 ngày cho tổ hợp A00',
      'Chuyên đề Toán: hàm số',
      'Chuyên đề Lý: điện xoay chiều',
      'Chuyên đề Hóa: kim loại',
    ],
    exam: 'Kiểm tra: tổ hợp A00',
    quiz: [
      single(
        'Tổ hợp A00 gồm các môn',
        ['Toán, Vật lý, Hóa học*', 'Toán, Vật lý, Tiếng Anh', 'Toán, Hóa học, Sinh học'],
        'A01 thay Hóa bằng Tiếng Anh; B00 là Toán, Hóa, Sinh.',
      ),
      multiple(
        'Những đại lượng nào có đơn vị là jun (J)?',
        ['Công*', 'Năng lượng*', 'Nhiệt lượng*', 'Công suất'],
        'Công suất đo bằng oát (W).',
      ),
      single('Kim loại dẫn điện tốt nhất là', ['bạc*', 'sắt', 'nhôm'], 'Thứ tự dẫn điện: Ag > Cu > Au > Al > Fe.'),
    ],
  },
  {
    title: 'Combo Tiếng Anh toàn diện',
    level: 'Trung bình',
    summary:
      'Giao tiếp, ngữ pháp, luyện nghe và phát âm trong một gói: bốn khóa bổ trợ nhau cho người muốn dùng tiếng Anh thật.',
    outcomes: [
      'Học theo lộ trình kết hợp bốn khóa: ngữ pháp, nghe, phát âm, giao tiếp.',
      'Dùng được tiếng Anh trong công việc và đời sống.',
      'Tự đánh giá tiến bộ mỗi tháng với bài kiểm tra tổng hợp.',
    ],
    audience: 'Người học muốn cải thiện cả bốn kỹ năng tiếng Anh trong 6 tháng.',
    chapters: ['Chương 1: Lộ trình 6 tháng', 'Chương 2: Nền tảng', 'Chương 3: Vận dụng'],
    lessons: ['Kết hợp bốn khóa học', 'Ngữ pháp cho giao tiếp', 'Nghe và nhắc lại', 'Tự tin nói trước người lạ'],
    exam: 'Kiểm tra: tiếng Anh tổng hợp',
    quiz: [
      single('I have lived here ___ 2020.', ['since*', 'for', 'from'], '“Since” đi với mốc thời gian.'),
      multiple('Những từ nào có âm /iː/ (i dài)?', ['see*', 'sheep*', 'tea*', 'ship'], '“Ship” có âm /ɪ/ (i ngắn).'),
      single(
        '“Nice to meet you” thường được đáp lại bằng',
        ['Nice to meet you too.*', 'Goodbye.', 'I’m fine.'],
        'Đáp lại lời chào khi mới gặp.',
      ),
    ],
  },
  {
    title: 'Combo Khoa học xã hội ôn thi tốt nghiệp',
    level: 'Trung bình',
    summary: 'Địa lý, Lịch sử và Giáo dục công dân trong một gói ôn thi tổ hợp Khoa học xã hội.',
    outcomes: [
      'Ôn đủ ba môn Khoa học xã hội theo một lịch thống nhất.',
      'Làm chắc câu hỏi Atlat, biểu đồ và mốc thời gian lịch sử.',
      'Xử lý tình huống pháp luật trong đề thi.',
    ],
    audience: 'Học sinh lớp 12 thi tổ hợp Khoa học xã hội.',
    chapters: ['Chương 1: Lịch ôn ba môn', 'Chương 2: Kiến thức liên môn', 'Chương 3: Thi thử'],
    lessons: [
      'Lịch ôn tổ hợp Khoa học xã hội',
      'Mốc thời gian lịch sử cần nhớ',
      'Biểu đồ và bảng số liệu',
      'Tình huống pháp luật',
    ],
    exam: 'Kiểm tra: tổ hợp Khoa học xã hội',
    quiz: [
      single(
        'Cách mạng tháng Tám thành công năm',
        ['1945*', '1954', '1975'],
        'Ngày 2/9/1945 Chủ tịch Hồ Chí Minh đọc Tuyên ngôn độc lập.',
      ),
      multiple(
        'Tổ hợp Khoa học xã hội trong kỳ thi tốt nghiệp gồm',
        ['Lịch sử*', 'Địa lý*', 'Giáo dục công dân*', 'Sinh học'],
        'Sinh học thuộc tổ hợp Khoa học tự nhiên.',
      ),
      single(
        'Hiến pháp hiện hành của Việt Nam được thông qua năm',
        ['2013*', '1992', '2020'],
        'Hiến pháp 2013 có hiệu lực từ 1/1/2014.',
      ),
    ],
  },
  {
    title: 'Combo Học tốt tiểu học',
    level: 'Cơ bản',
    summary: 'Toán tư duy, viết đoạn văn và Tiếng Việt lớp 5 trong một gói giúp bé học tốt suốt bậc tiểu học.',
    outcomes: [
      'Rèn tư duy toán học qua quy luật và bài toán có lời văn.',
      'Viết đoạn văn sinh động với từ gợi tả.',
      'Nắm chắc luyện từ và câu lớp 5.',
    ],
    audience: 'Học sinh tiểu học và phụ huynh muốn con học đều Toán và Tiếng Việt.',
    chapters: ['Chương 1: Cùng con lập kế hoạch', 'Chương 2: Toán và Tiếng Việt', 'Chương 3: Ôn tập cuối năm'],
    lessons: ['Lịch học 20 phút mỗi tối', 'Toán tư duy mỗi ngày', 'Viết văn cùng con', 'Ôn tập cuối năm'],
    exam: 'Đố vui cuối năm',
    quiz: [
      single('Số liền sau của 999 là', ['1.000*', '998', '9.999'], '999 + 1 = 1.000.'),
      multiple(
        'Những từ nào đồng nghĩa với “to lớn”?',
        ['khổng lồ*', 'to đùng*', 'bé xíu', 'nhỏ nhắn'],
        '“Bé xíu”, “nhỏ nhắn” trái nghĩa với “to lớn”.',
      ),
      single('Một tuần có bao nhiêu ngày?', ['7*', '5', '10'], 'Thứ Hai đến Chủ nhật: 7 ngày.'),
    ],
  },
];

/** The demo courses' own words: Mathematics. */
import { multiple, single, type CourseContent } from './course-content.ts';

export const MATH_COURSES: CourseContent[] = [
  {
    title: 'Luyện thi THPT quốc gia môn Toán 2027',
    level: 'Nâng cao',
    summary: 'Ôn trọn chương trình Toán 12 theo cấu trúc đề tốt nghiệp mới, luyện 20 đề thi thử có chữa chi tiết.',
    outcomes: [
      'Nắm chắc ma trận đề thi tốt nghiệp THPT môn Toán theo chương trình mới.',
      'Giải nhanh các câu trắc nghiệm đúng sai và trả lời ngắn về hàm số, tích phân, xác suất.',
      'Phân bổ 90 phút làm bài hợp lý để không mất điểm ở phần vận dụng.',
    ],
    audience: 'Học sinh lớp 12 muốn đạt từ 8 điểm môn Toán trong kỳ thi tốt nghiệp THPT 2027.',
    chapters: ['Chương 1: Cấu trúc đề và chiến lược', 'Chương 2: Chuyên đề trọng tâm', 'Chương 3: Luyện đề tổng hợp'],
    lessons: [
      'Ba dạng câu hỏi mới trong đề thi',
      'Khảo sát hàm số và ứng dụng đạo hàm',
      'Nguyên hàm, tích phân và diện tích hình phẳng',
      'Chữa đề thi thử số 1',
    ],
    exam: 'Kiểm tra: đề rút gọn 30 phút',
    quiz: [
      single('Đạo hàm của hàm số y = x³ − 3x là', ['3x² − 3*', '3x² − 3x', 'x² − 3'], "y' = 3x² − 3."),
      multiple(
        'Hàm số y = x³ − 3x đạt cực trị tại những điểm nào?',
        ['x = 1*', 'x = −1*', 'x = 0', 'x = 3'],
        "y' = 3x² − 3 = 0 khi x = 1 hoặc x = −1, và y' đổi dấu tại cả hai điểm.",
      ),
      single(
        'Tích phân của 2x từ 0 đến 1 bằng',
        ['1*', '2', '1/2'],
        'Nguyên hàm của 2x là x², nên kết quả là 1² − 0² = 1.',
      ),
    ],
  },
  {
    title: 'Toán 12: Hàm số và đồ thị',
    level: 'Trung bình',
    summary: 'Hiểu tận gốc đạo hàm, cực trị, tiệm cận và đọc đồ thị hàm số để làm chắc phần điểm dễ của đề thi.',
    outcomes: [
      'Xét tính đơn điệu và tìm cực trị của hàm số bằng bảng biến thiên.',
      'Tìm tiệm cận đứng, tiệm cận ngang của hàm phân thức.',
      'Nhận dạng đồ thị hàm bậc ba, bậc bốn trùng phương và phân thức bậc nhất.',
    ],
    audience: 'Học sinh lớp 12 đang học chương Hàm số, hoặc học sinh lớp 11 muốn học trước.',
    chapters: ['Chương 1: Đạo hàm và tính đơn điệu', 'Chương 2: Cực trị và tiệm cận', 'Chương 3: Đồ thị hàm số'],
    lessons: ['Lập bảng biến thiên', 'Tìm cực trị bằng đạo hàm', 'Tiệm cận của hàm phân thức', 'Đọc đồ thị hàm bậc ba'],
    exam: 'Kiểm tra: khảo sát hàm số',
    quiz: [
      single(
        'Đồ thị hàm số y = (2x + 1)/(x − 1) có tiệm cận ngang là',
        ['y = 2*', 'y = 1', 'x = 1'],
        'Khi x → ±∞, y → 2/1 = 2.',
      ),
      multiple(
        'Những hàm số nào dưới đây đồng biến trên ℝ?',
        ['y = x³ + x*', 'y = 2x + 5*', 'y = x²', 'y = −x + 1'],
        "y = x³ + x có y' = 3x² + 1 > 0 và y = 2x + 5 có hệ số góc dương; y = x² nghịch biến khi x < 0.",
      ),
      single(
        'Hàm số y = x⁴ − 2x² có bao nhiêu điểm cực trị?',
        ['3*', '2', '1'],
        "y' = 4x³ − 4x = 0 tại x = 0, x = 1, x = −1.",
      ),
    ],
  },
  {
    title: 'Toán 9: Ôn thi vào lớp 10',
    level: 'Trung bình',
    summary:
      'Ôn theo cấu trúc đề thi vào lớp 10: rút gọn biểu thức, hệ phương trình, hàm số y = ax² và hình học đường tròn.',
    outcomes: [
      'Rút gọn biểu thức chứa căn và giải bài toán phụ đi kèm.',
      'Giải bài toán bằng cách lập phương trình, hệ phương trình.',
      'Chứng minh tứ giác nội tiếp và các bài hình về đường tròn.',
    ],
    audience: 'Học sinh lớp 9 chuẩn bị thi vào lớp 10 các trường công lập và trường chuyên.',
    chapters: [
      'Chương 1: Đại số trọng tâm',
      'Chương 2: Phương trình và hệ phương trình',
      'Chương 3: Hình học đường tròn',
    ],
    lessons: [
      'Rút gọn biểu thức chứa căn',
      'Hệ hai phương trình bậc nhất hai ẩn',
      'Hệ thức Vi-ét và ứng dụng',
      'Tứ giác nội tiếp',
    ],
    exam: 'Kiểm tra: đề ôn thi vào lớp 10',
    quiz: [
      single(
        'Hệ phương trình x + y = 5 và x − y = 1 có nghiệm là',
        ['(3; 2)*', '(2; 3)', '(4; 1)'],
        'Cộng hai phương trình: 2x = 6, x = 3, y = 2.',
      ),
      multiple(
        'Phương trình x² − 5x + 6 = 0 có những nghiệm nào?',
        ['x = 2*', 'x = 3*', 'x = −2', 'x = 6'],
        'x² − 5x + 6 = (x − 2)(x − 3).',
      ),
      single(
        'Tứ giác nội tiếp đường tròn có tổng hai góc đối bằng',
        ['180°*', '90°', '360°'],
        'Hai góc đối của tứ giác nội tiếp bù nhau.',
      ),
    ],
  },
  {
    title: 'Hình học không gian từ cơ bản đến nâng cao',
    level: 'Nâng cao',
    summary: 'Vẽ hình đúng, nhìn ra quan hệ song song, vuông góc và tính thể tích khối chóp, khối lăng trụ.',
    outcomes: [
      'Vẽ hình không gian rõ ràng và xác định giao tuyến, góc, khoảng cách.',
      'Chứng minh đường thẳng vuông góc với mặt phẳng.',
      'Tính thể tích khối chóp và khối lăng trụ bằng nhiều cách.',
    ],
    audience: 'Học sinh lớp 11, 12 thấy hình học không gian khó hình dung.',
    chapters: ['Chương 1: Quan hệ song song', 'Chương 2: Quan hệ vuông góc', 'Chương 3: Thể tích khối đa diện'],
    lessons: [
      'Vẽ hình và tìm giao tuyến',
      'Đường thẳng vuông góc với mặt phẳng',
      'Góc giữa đường thẳng và mặt phẳng',
      'Thể tích khối chóp',
    ],
    exam: 'Kiểm tra: góc, khoảng cách và thể tích',
    quiz: [
      single(
        'Thể tích khối chóp có diện tích đáy B và chiều cao h là',
        ['V = Bh/3*', 'V = Bh', 'V = Bh/2'],
        'Khối chóp có thể tích bằng một phần ba khối lăng trụ cùng đáy, cùng chiều cao.',
      ),
      multiple(
        'Một đường thẳng vuông góc với mặt phẳng (P) khi nó vuông góc với',
        [
          'hai đường thẳng cắt nhau nằm trong (P)*',
          'mọi đường thẳng nằm trong (P)*',
          'một đường thẳng nằm trong (P)',
          'hai đường thẳng song song nằm trong (P)',
        ],
        'Điều kiện đủ là vuông góc với hai đường cắt nhau của (P); khi đó nó vuông góc với mọi đường của (P).',
      ),
      single('Hình lập phương cạnh 2 cm có thể tích là', ['8 cm³*', '6 cm³', '4 cm³'], 'V = 2³ = 8 cm³.'),
    ],
  },
  {
    title: 'Xác suất thống kê cho học sinh',
    level: 'Trung bình',
    summary: 'Tổ hợp, xác suất và số liệu thống kê qua ví dụ đời thường: tung xúc xắc, bốc thăm, điểm thi của lớp.',
    outcomes: [
      'Đếm bằng quy tắc cộng, quy tắc nhân, hoán vị, chỉnh hợp và tổ hợp.',
      'Tính xác suất của biến cố bằng định nghĩa cổ điển.',
      'Tính số trung bình, trung vị và độ lệch chuẩn của mẫu số liệu.',
    ],
    audience: 'Học sinh lớp 10 đến lớp 12 học phần Xác suất thống kê theo chương trình mới.',
    chapters: ['Chương 1: Đếm và tổ hợp', 'Chương 2: Xác suất', 'Chương 3: Thống kê mô tả'],
    lessons: [
      'Hoán vị, chỉnh hợp, tổ hợp',
      'Biến cố và không gian mẫu',
      'Xác suất cổ điển',
      'Trung bình, trung vị và mốt',
    ],
    exam: 'Kiểm tra: tổ hợp và xác suất',
    quiz: [
      single(
        'Gieo một con xúc xắc cân đối. Xác suất ra mặt chẵn là',
        ['1/2*', '1/3', '1/6'],
        'Có 3 mặt chẵn (2, 4, 6) trong 6 mặt.',
      ),
      multiple(
        'Những giá trị nào dưới đây bằng 6?',
        ['3!*', 'C(4,2)*', 'A(3,2)*', 'C(5,2)'],
        '3! = 6, C(4,2) = 6, A(3,2) = 6; còn C(5,2) = 10.',
      ),
      single('Trung vị của dãy 2, 5, 7, 9, 11 là', ['7*', '6,8', '5'], 'Dãy đã sắp xếp có 5 số, số ở giữa là 7.'),
    ],
  },
  {
    title: 'Toán tư duy cho học sinh tiểu học',
    level: 'Cơ bản',
    summary: 'Bé rèn tư duy logic qua quy luật dãy số, đố vui và bài toán có lời văn, mỗi bài chỉ 10 phút.',
    outcomes: [
      'Tìm quy luật của dãy số, dãy hình và điền số còn thiếu.',
      'Tính nhẩm nhanh phép cộng, trừ, nhân, chia trong phạm vi 100.',
      'Tóm tắt và giải bài toán có lời văn bằng sơ đồ đoạn thẳng.',
    ],
    audience: 'Học sinh lớp 1 đến lớp 3 và phụ huynh muốn cùng con học toán mỗi ngày.',
    chapters: ['Chương 1: Quy luật quanh em', 'Chương 2: Tính nhẩm thần tốc', 'Chương 3: Bài toán có lời văn'],
    lessons: ['Tìm quy luật dãy số', 'Cộng trừ nhẩm qua 10', 'Bảng nhân vui nhộn', 'Vẽ sơ đồ đoạn thẳng'],
    exam: 'Đố vui cuối khóa',
    quiz: [
      single(
        'Số tiếp theo của dãy 2, 4, 6, 8, … là số nào?',
        ['9', '10*', '12'],
        'Mỗi số hơn số đứng trước 2 đơn vị: 8 + 2 = 10.',
      ),
      multiple(
        'Những phép tính nào dưới đây có kết quả bằng 12?',
        ['3 × 4*', '6 + 6*', '15 − 2', '24 : 2*'],
        '3 × 4 = 12, 6 + 6 = 12, 24 : 2 = 12; còn 15 − 2 = 13.',
      ),
      single(
        'Lan có 5 quyển vở, mẹ mua thêm cho Lan 7 quyển. Lan có tất cả bao nhiêu quyển vở?',
        ['11', '12*', '13'],
        '5 + 7 = 12 quyển vở.',
      ),
    ],
  },
  {
    title: 'Đại số lớp 8 vững vàng',
    level: 'Cơ bản',
    summary: 'Hằng đẳng thức, phân tích đa thức thành nhân tử và phân thức đại số, học chắc để lên lớp 9 không hổng.',
    outcomes: [
      'Thuộc và vận dụng bảy hằng đẳng thức đáng nhớ.',
      'Phân tích đa thức thành nhân tử bằng bốn phương pháp.',
      'Rút gọn và thực hiện phép tính với phân thức đại số.',
    ],
    audience: 'Học sinh lớp 8, và học sinh lớp 9 cần lấy lại gốc đại số.',
    chapters: ['Chương 1: Hằng đẳng thức', 'Chương 2: Phân tích đa thức', 'Chương 3: Phân thức đại số'],
    lessons: ['Bình phương của một tổng, một hiệu', 'Đặt nhân tử chung', 'Nhóm hạng tử', 'Rút gọn phân thức'],
    exam: 'Kiểm tra: hằng đẳng thức và nhân tử',
    quiz: [
      single(
        '(a + b)² bằng',
        ['a² + 2ab + b²*', 'a² + b²', 'a² + ab + b²'],
        'Bình phương của một tổng: a² + 2ab + b².',
      ),
      multiple(
        'Những biểu thức nào là nhân tử của x² − 9?',
        ['x − 3*', 'x + 3*', 'x − 9', 'x + 9'],
        'x² − 9 = (x − 3)(x + 3).',
      ),
      single('Rút gọn phân thức (2x + 4)/2 được', ['x + 2*', 'x + 4', '2x + 2'], '(2x + 4)/2 = 2(x + 2)/2 = x + 2.'),
    ],
  },
];

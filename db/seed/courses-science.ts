/** The demo courses' own words: Physics, Chemistry and Biology. */
import { multiple, single, type CourseContent } from './course-content.ts';

export const SCIENCE_COURSES: CourseContent[] = [
  {
    title: 'Vật lý 12: Dao động và sóng',
    level: 'Trung bình',
    summary: 'Dao động điều hòa, con lắc lò xo, con lắc đơn, sóng cơ và sóng dừng, học bằng mô phỏng trực quan.',
    outcomes: [
      'Viết phương trình dao động điều hòa và đọc biên độ, tần số, pha ban đầu.',
      'Tính chu kì con lắc lò xo, con lắc đơn và năng lượng dao động.',
      'Giải bài toán giao thoa sóng và sóng dừng trên dây.',
    ],
    audience: 'Học sinh lớp 12 ôn phần Dao động và sóng cho kỳ thi tốt nghiệp.',
    chapters: ['Chương 1: Dao động điều hòa', 'Chương 2: Con lắc và năng lượng', 'Chương 3: Sóng cơ'],
    lessons: ['Phương trình dao động điều hòa', 'Con lắc lò xo', 'Con lắc đơn', 'Giao thoa sóng và sóng dừng'],
    exam: 'Kiểm tra: dao động cơ và sóng cơ',
    quiz: [
      single(
        'Chu kì dao động của con lắc lò xo là',
        ['T = 2π√(m/k)*', 'T = 2π√(k/m)', 'T = 2π√(l/g)'],
        'Con lắc lò xo: T = 2π√(m/k); 2π√(l/g) là chu kì con lắc đơn.',
      ),
      multiple(
        'Vật dao động điều hòa x = 5cos(2πt) cm. Những phát biểu nào đúng?',
        ['Biên độ là 5 cm*', 'Chu kì là 1 s*', 'Tần số là 2 Hz', 'Pha ban đầu là π'],
        'A = 5 cm, ω = 2π rad/s nên T = 1 s, f = 1 Hz; pha ban đầu bằng 0.',
      ),
      single(
        'Trên dây có sóng dừng, khoảng cách giữa hai nút liên tiếp bằng',
        ['nửa bước sóng*', 'một bước sóng', 'một phần tư bước sóng'],
        'Hai nút liên tiếp cách nhau λ/2.',
      ),
    ],
  },
  {
    title: 'Vật lý 11: Điện học trọn vẹn',
    level: 'Trung bình',
    summary:
      'Điện tích, điện trường, dòng điện không đổi và mạch điện, từ định luật Cu-lông đến định luật Ôm toàn mạch.',
    outcomes: [
      'Vận dụng định luật Cu-lông và tính cường độ điện trường.',
      'Tính điện trở tương đương của mạch nối tiếp, song song.',
      'Áp dụng định luật Ôm cho toàn mạch và tính công suất nguồn điện.',
    ],
    audience: 'Học sinh lớp 11 học chương Điện, và học sinh lớp 12 ôn lại kiến thức nền.',
    chapters: ['Chương 1: Điện tích và điện trường', 'Chương 2: Dòng điện không đổi', 'Chương 3: Mạch điện'],
    lessons: ['Định luật Cu-lông', 'Cường độ dòng điện và điện trở', 'Ghép điện trở', 'Định luật Ôm toàn mạch'],
    exam: 'Kiểm tra: điện trường và mạch điện',
    quiz: [
      single(
        'Hai điện trở 6 Ω mắc song song có điện trở tương đương là',
        ['3 Ω*', '12 Ω', '6 Ω'],
        '1/R = 1/6 + 1/6, nên R = 3 Ω.',
      ),
      multiple(
        'Lực tương tác giữa hai điện tích điểm tăng khi',
        [
          'độ lớn một điện tích tăng*',
          'khoảng cách giữa chúng giảm*',
          'khoảng cách giữa chúng tăng',
          'đặt chúng vào dầu có hằng số điện môi lớn',
        ],
        'F = k|q₁q₂|/(εr²): tăng theo điện tích, giảm theo khoảng cách và hằng số điện môi.',
      ),
      single(
        'Nguồn có suất điện động 12 V, điện trở trong 1 Ω, mạch ngoài 5 Ω. Cường độ dòng điện là',
        ['2 A*', '2,4 A', '12 A'],
        'I = E/(R + r) = 12/6 = 2 A.',
      ),
    ],
  },
  {
    title: 'Luyện đề Vật lý THPT quốc gia',
    level: 'Nâng cao',
    summary: 'Mỗi tuần một đề thi thử Vật lý bấm giờ 50 phút, chữa từng câu và chỉ ra lỗi sai thường gặp.',
    outcomes: [
      'Làm trọn đề Vật lý trong 50 phút với tỉ lệ đúng trên 80%.',
      'Nhận ra nhanh dạng bài điện xoay chiều, sóng ánh sáng và hạt nhân.',
      'Tránh những lỗi đổi đơn vị và đọc sai đồ thị hay gặp.',
    ],
    audience: 'Học sinh lớp 12 chọn tổ hợp Khoa học tự nhiên, đã học xong chương trình.',
    chapters: ['Chương 1: Chiến thuật làm đề', 'Chương 2: Chữa đề theo chuyên đề', 'Chương 3: Đề thi thử'],
    lessons: [
      'Đọc đồ thị trong đề Vật lý',
      'Điện xoay chiều trong đề thi',
      'Sóng ánh sáng và lượng tử',
      'Chữa đề thi thử số 1',
    ],
    exam: 'Kiểm tra: đề rút gọn Vật lý',
    quiz: [
      single('Đơn vị của tần số là', ['Hz*', 'rad', 's'], 'Tần số đo bằng héc (Hz), số dao động trong một giây.'),
      multiple(
        'Những bức xạ nào dưới đây có bước sóng ngắn hơn ánh sáng tím?',
        ['Tia tử ngoại*', 'Tia X*', 'Tia hồng ngoại', 'Sóng vô tuyến'],
        'Tử ngoại và tia X có bước sóng nhỏ hơn 0,38 μm; hồng ngoại và sóng vô tuyến dài hơn.',
      ),
      single(
        'Mạch xoay chiều chỉ có điện trở thuần thì điện áp và dòng điện',
        ['cùng pha*', 'lệch pha π/2', 'ngược pha'],
        'Với điện trở thuần, u và i cùng pha.',
      ),
    ],
  },
  {
    title: 'Vật lý vui cho học sinh THCS',
    level: 'Cơ bản',
    summary: 'Khám phá lực, áp suất, ánh sáng và điện qua thí nghiệm đơn giản làm được ngay tại nhà.',
    outcomes: [
      'Giải thích hiện tượng quen thuộc bằng lực, áp suất và quán tính.',
      'Vẽ đường truyền tia sáng qua gương phẳng.',
      'Lắp một mạch điện đơn giản an toàn với pin và bóng đèn.',
    ],
    audience: 'Học sinh lớp 6 đến lớp 9 yêu khoa học và thích tự tay làm thí nghiệm.',
    chapters: ['Chương 1: Lực quanh ta', 'Chương 2: Ánh sáng', 'Chương 3: Điện trong nhà'],
    lessons: [
      'Áp suất và chiếc ống hút',
      'Gương phẳng và bóng của em',
      'Vì sao bầu trời màu xanh',
      'Mạch điện với pin và bóng đèn',
    ],
    exam: 'Đố vui vật lý',
    quiz: [
      single(
        'Khi xe buýt phanh gấp, hành khách bị ngả về phía trước vì',
        ['quán tính*', 'lực ma sát', 'trọng lực'],
        'Cơ thể có xu hướng giữ nguyên chuyển động cũ.',
      ),
      multiple(
        'Những vật nào dưới đây dẫn điện tốt?',
        ['Dây đồng*', 'Chiếc thìa nhôm*', 'Thước nhựa', 'Tờ giấy khô'],
        'Kim loại như đồng, nhôm dẫn điện tốt; nhựa và giấy khô cách điện.',
      ),
      single(
        'Ảnh của một vật qua gương phẳng',
        ['lớn bằng vật*', 'lớn hơn vật', 'nhỏ hơn vật'],
        'Gương phẳng cho ảnh ảo, lớn bằng vật.',
      ),
    ],
  },
  {
    title: 'Quang học và vật lý hạt nhân',
    level: 'Nâng cao',
    summary: 'Sóng ánh sáng, hiện tượng quang điện, cấu tạo hạt nhân và phóng xạ, kèm bài tập định lượng.',
    outcomes: [
      'Tính khoảng vân và vị trí vân sáng trong thí nghiệm Y-âng.',
      'Giải thích hiện tượng quang điện bằng thuyết lượng tử ánh sáng.',
      'Tính năng lượng liên kết và lượng chất phóng xạ còn lại theo thời gian.',
    ],
    audience: 'Học sinh lớp 12 và học sinh ôn thi đánh giá năng lực phần Vật lý hiện đại.',
    chapters: ['Chương 1: Sóng ánh sáng', 'Chương 2: Lượng tử ánh sáng', 'Chương 3: Hạt nhân nguyên tử'],
    lessons: ['Giao thoa khe Y-âng', 'Hiện tượng quang điện', 'Cấu tạo hạt nhân', 'Phóng xạ và chu kì bán rã'],
    exam: 'Kiểm tra: ánh sáng và hạt nhân',
    quiz: [
      single(
        'Sau hai chu kì bán rã, lượng chất phóng xạ còn lại bằng',
        ['1/4 ban đầu*', '1/2 ban đầu', '1/8 ban đầu'],
        'Mỗi chu kì còn một nửa: 1/2 × 1/2 = 1/4.',
      ),
      multiple(
        'Hạt nhân ¹²C có',
        ['6 prôtôn*', '6 nơtron*', '12 prôtôn', '12 êlectron'],
        'Số khối 12, số prôtôn Z = 6, nên có 6 nơtron.',
      ),
      single(
        'Khoảng vân trong thí nghiệm Y-âng là',
        ['i = λD/a*', 'i = λa/D', 'i = aD/λ'],
        'i = λD/a với a là khoảng cách hai khe, D là khoảng cách tới màn.',
      ),
    ],
  },
  {
    title: 'Hóa hữu cơ lớp 11 dễ hiểu',
    level: 'Trung bình',
    summary:
      'Gọi tên, viết đồng phân và phản ứng của hiđrocacbon, ancol, anđehit, axit cacboxylic mà không cần học thuộc máy móc.',
    outcomes: [
      'Gọi tên hợp chất hữu cơ theo danh pháp IUPAC.',
      'Viết đồng phân cấu tạo của ankan, anken và ancol.',
      'Viết phương trình phản ứng đặc trưng của từng nhóm chức.',
    ],
    audience: 'Học sinh lớp 11 mới bắt đầu học Hóa hữu cơ.',
    chapters: ['Chương 1: Đại cương hữu cơ', 'Chương 2: Hiđrocacbon', 'Chương 3: Dẫn xuất chứa oxi'],
    lessons: ['Danh pháp IUPAC', 'Ankan và phản ứng thế', 'Anken và phản ứng cộng', 'Ancol và phenol'],
    exam: 'Kiểm tra: hiđrocacbon và ancol',
    quiz: [
      single('Công thức phân tử của metan là', ['CH₄*', 'C₂H₆', 'C₂H₄'], 'Metan là ankan đơn giản nhất, CH₄.'),
      multiple(
        'Những chất nào làm mất màu dung dịch brom?',
        ['Etilen*', 'Axetilen*', 'Metan', 'Etan'],
        'Anken và ankin có liên kết π nên cộng brom; ankan thì không.',
      ),
      single(
        'Công thức chung của ancol no, đơn chức, mạch hở là',
        ['CₙH₂ₙ₊₁OH*', 'CₙH₂ₙOH', 'CₙH₂ₙ₋₁OH'],
        'Ancol no đơn chức: CₙH₂ₙ₊₁OH (n ≥ 1).',
      ),
    ],
  },
  {
    title: 'Luyện thi Hóa học THPT quốc gia',
    level: 'Nâng cao',
    summary: 'Hệ thống lý thuyết và phương pháp bảo toàn nguyên tố, bảo toàn electron để giải nhanh bài tập Hóa 12.',
    outcomes: [
      'Tổng hợp lý thuyết este, cacbohiđrat, amin và polime trong một sơ đồ.',
      'Giải bài tập kim loại bằng bảo toàn electron.',
      'Làm đề Hóa 50 phút với chiến thuật câu dễ trước, câu khó sau.',
    ],
    audience: 'Học sinh lớp 12 thi tổ hợp có môn Hóa học.',
    chapters: ['Chương 1: Hữu cơ lớp 12', 'Chương 2: Kim loại và hợp chất', 'Chương 3: Luyện đề'],
    lessons: ['Este và chất béo', 'Dãy điện hóa của kim loại', 'Bảo toàn electron', 'Chữa đề Hóa học số 1'],
    exam: 'Kiểm tra: đề rút gọn Hóa học',
    quiz: [
      single(
        'Thủy phân chất béo trong dung dịch kiềm thu được',
        ['glixerol và xà phòng*', 'glucozơ', 'etanol và axit axetic'],
        'Đó là phản ứng xà phòng hóa.',
      ),
      multiple(
        'Những kim loại nào tác dụng với nước ở nhiệt độ thường?',
        ['Na*', 'K*', 'Cu', 'Fe'],
        'Kim loại kiềm như Na, K tác dụng mạnh với nước; Cu và Fe thì không.',
      ),
      single('Số mol electron nhường khi 1 mol Al bị oxi hóa thành Al³⁺ là', ['3*', '2', '1'], 'Al → Al³⁺ + 3e.'),
    ],
  },
  {
    title: 'Hóa học 8: Làm quen với chất',
    level: 'Cơ bản',
    summary: 'Chất, nguyên tử, phân tử, công thức hóa học và phương trình hóa học cho học sinh mới học Hóa.',
    outcomes: [
      'Phân biệt đơn chất, hợp chất và hỗn hợp.',
      'Lập công thức hóa học từ hóa trị.',
      'Cân bằng phương trình hóa học đơn giản.',
    ],
    audience: 'Học sinh lớp 8 làm quen với môn Hóa học.',
    chapters: ['Chương 1: Chất và nguyên tử', 'Chương 2: Công thức hóa học', 'Chương 3: Phản ứng hóa học'],
    lessons: ['Nguyên tử và nguyên tố', 'Hóa trị', 'Lập công thức hóa học', 'Cân bằng phương trình'],
    exam: 'Kiểm tra: công thức và phương trình',
    quiz: [
      single(
        'Công thức hóa học của nước là',
        ['H₂O*', 'HO₂', 'H₂O₂'],
        'Một phân tử nước gồm 2 nguyên tử H và 1 nguyên tử O.',
      ),
      multiple('Những chất nào là đơn chất?', ['O₂*', 'Fe*', 'NaCl', 'CO₂'], 'Đơn chất chỉ gồm một nguyên tố.'),
      single(
        'Hệ số cân bằng của phương trình H₂ + O₂ → H₂O là',
        ['2, 1, 2*', '1, 1, 1', '2, 2, 1'],
        '2H₂ + O₂ → 2H₂O.',
      ),
    ],
  },
  {
    title: 'Sinh học 12: Di truyền và tiến hóa',
    level: 'Nâng cao',
    summary:
      'Cơ chế di truyền, quy luật Menđen, di truyền quần thể và bằng chứng tiến hóa, kèm bài tập di truyền có lời giải.',
    outcomes: [
      'Giải thích nhân đôi ADN, phiên mã và dịch mã.',
      'Giải bài tập lai một cặp và hai cặp tính trạng.',
      'Tính tần số alen và cấu trúc di truyền của quần thể.',
    ],
    audience: 'Học sinh lớp 12 ôn thi tốt nghiệp môn Sinh học.',
    chapters: ['Chương 1: Cơ chế di truyền', 'Chương 2: Quy luật di truyền', 'Chương 3: Quần thể và tiến hóa'],
    lessons: ['Nhân đôi ADN', 'Quy luật phân li của Menđen', 'Phân li độc lập', 'Di truyền học quần thể'],
    exam: 'Kiểm tra: di truyền học',
    quiz: [
      single(
        'Phép lai Aa × Aa cho tỉ lệ kiểu gen là',
        ['1 AA : 2 Aa : 1 aa*', '3 AA : 1 aa', '1 Aa : 1 aa'],
        'Mỗi bên cho giao tử A và a với tỉ lệ bằng nhau.',
      ),
      multiple(
        'Những bazơ nitơ nào có trong phân tử ADN?',
        ['Ađênin*', 'Timin*', 'Guanin*', 'Uraxin'],
        'ADN có A, T, G, X; uraxin chỉ có trong ARN.',
      ),
      single(
        'Quần thể có tần số alen A = 0,6 ở trạng thái cân bằng thì tần số kiểu gen AA là',
        ['0,36*', '0,6', '0,48'],
        'AA = p² = 0,6² = 0,36.',
      ),
    ],
  },
  {
    title: 'Thí nghiệm hóa học tại nhà an toàn',
    level: 'Cơ bản',
    summary:
      'Làm thí nghiệm với giấm, baking soda, nước bắp cải tím và hiểu phản ứng xảy ra, luôn đúng quy tắc an toàn.',
    outcomes: [
      'Làm chất chỉ thị màu từ bắp cải tím để thử axit, bazơ.',
      'Giải thích phản ứng giữa giấm và baking soda.',
      'Tuân thủ quy tắc an toàn khi làm thí nghiệm ở nhà.',
    ],
    audience: 'Học sinh từ lớp 5 đến lớp 9 cùng phụ huynh muốn học hóa qua trải nghiệm.',
    chapters: ['Chương 1: An toàn là trên hết', 'Chương 2: Axit và bazơ quanh ta', 'Chương 3: Phản ứng sủi bọt'],
    lessons: [
      'Quy tắc an toàn trong bếp',
      'Chất chỉ thị từ bắp cải tím',
      'Giấm, chanh và xà phòng',
      'Núi lửa baking soda',
    ],
    exam: 'Đố vui thí nghiệm',
    quiz: [
      single(
        'Trộn giấm với baking soda tạo ra khí',
        ['cacbon đioxit (CO₂)*', 'oxi (O₂)', 'hiđro (H₂)'],
        'Axit axetic phản ứng với natri hiđrocacbonat giải phóng CO₂.',
      ),
      multiple(
        'Những việc nào cần làm khi thí nghiệm ở nhà?',
        ['Có người lớn bên cạnh*', 'Đeo kính và găng tay*', 'Nếm thử hóa chất', 'Trộn mọi chất tẩy rửa với nhau'],
        'Không nếm hóa chất và không trộn chất tẩy rửa: có thể sinh khí độc.',
      ),
      single(
        'Nước chanh làm nước bắp cải tím chuyển sang màu',
        ['hồng đỏ*', 'xanh lá', 'vàng'],
        'Trong môi trường axit, chất chỉ thị bắp cải tím chuyển hồng đỏ.',
      ),
    ],
  },
  {
    title: 'Sinh học 10: Tế bào và vi sinh vật',
    level: 'Trung bình',
    summary: 'Cấu trúc tế bào, trao đổi chất, phân bào và thế giới vi sinh vật qua hình ảnh hiển vi sinh động.',
    outcomes: [
      'Phân biệt tế bào nhân sơ và tế bào nhân thực.',
      'Mô tả các kì của nguyên phân và giảm phân.',
      'Nêu ứng dụng của vi sinh vật trong đời sống.',
    ],
    audience: 'Học sinh lớp 10 học Sinh học theo chương trình mới.',
    chapters: ['Chương 1: Cấu trúc tế bào', 'Chương 2: Phân bào', 'Chương 3: Vi sinh vật'],
    lessons: ['Tế bào nhân sơ và nhân thực', 'Nguyên phân', 'Giảm phân', 'Vi sinh vật có ích'],
    exam: 'Kiểm tra: tế bào và phân bào',
    quiz: [
      single(
        'Bào quan tạo năng lượng cho tế bào là',
        ['ti thể*', 'ribôxôm', 'bộ máy Gôngi'],
        'Ti thể là nơi hô hấp tế bào tạo ATP.',
      ),
      multiple(
        'Những thực phẩm nào được làm nhờ vi sinh vật?',
        ['Sữa chua*', 'Dưa muối*', 'Nước mắm*', 'Muối ăn'],
        'Sữa chua, dưa muối và nước mắm đều nhờ lên men của vi sinh vật.',
      ),
      single(
        'Một tế bào nguyên phân một lần tạo ra',
        ['2 tế bào con*', '4 tế bào con', '1 tế bào con'],
        'Nguyên phân tạo hai tế bào con giống tế bào mẹ.',
      ),
    ],
  },
];

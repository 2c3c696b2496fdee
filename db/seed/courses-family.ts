/** The demo courses' own words: life skills, and courses for young children and their parents. */
import { multiple, single, type CourseContent } from './course-content.ts';

export const FAMILY_COURSES: CourseContent[] = [
  {
    title: 'Kỹ năng thuyết trình tự tin',
    level: 'Trung bình',
    summary:
      'Chuẩn bị nội dung, làm slide gọn và đứng nói trước đám đông không run, kèm bài tập quay video tự đánh giá.',
    outcomes: [
      'Xây dựng bài nói có mở đầu cuốn hút và kết luận đọng lại.',
      'Dùng giọng nói, ánh mắt và cử chỉ tự tin.',
      'Trả lời câu hỏi khó của người nghe một cách bình tĩnh.',
    ],
    audience: 'Học sinh, sinh viên và người đi làm thường phải trình bày trước lớp, trước hội đồng hay khách hàng.',
    chapters: ['Chương 1: Chuẩn bị bài nói', 'Chương 2: Trên sân khấu', 'Chương 3: Hỏi đáp'],
    lessons: ['Mở đầu trong 30 giây', 'Giọng nói và ngôn ngữ cơ thể', 'Vượt qua hồi hộp', 'Trả lời câu hỏi khó'],
    exam: 'Kiểm tra: kỹ năng thuyết trình',
    quiz: [
      single(
        'Quy tắc 10-20-30 khi làm slide là',
        ['10 slide, 20 phút, chữ cỡ 30*', '10 phút, 20 slide, 30 ý', '10 ý, 20 hình, 30 trang'],
        'Guy Kawasaki đề xuất 10 slide, 20 phút, phông chữ tối thiểu 30.',
      ),
      multiple(
        'Những cách nào giúp giảm hồi hộp trước khi nói?',
        ['Tập trước nhiều lần*', 'Hít thở sâu*', 'Đến sớm làm quen phòng*', 'Thức trắng đêm học thuộc'],
        'Thiếu ngủ làm bạn căng thẳng hơn.',
      ),
      single(
        'Khi không biết câu trả lời, người thuyết trình nên',
        ['thừa nhận và hẹn trả lời sau*', 'bịa ra câu trả lời', 'lờ câu hỏi đi'],
        'Trung thực giữ được lòng tin của người nghe.',
      ),
    ],
  },
  {
    title: 'Tư duy phản biện cho học sinh',
    level: 'Trung bình',
    summary: 'Đặt câu hỏi đúng, phân biệt sự thật với ý kiến và nhận ra lỗi lập luận trong tin tức, mạng xã hội.',
    outcomes: [
      'Phân biệt sự thật, ý kiến và suy đoán.',
      'Nhận ra các lỗi ngụy biện thường gặp.',
      'Đánh giá độ tin cậy của một nguồn tin.',
    ],
    audience: 'Học sinh THCS, THPT muốn suy nghĩ độc lập và tranh luận có lý lẽ.',
    chapters: ['Chương 1: Đặt câu hỏi', 'Chương 2: Lập luận và ngụy biện', 'Chương 3: Kiểm chứng thông tin'],
    lessons: ['Sự thật hay ý kiến', 'Ngụy biện công kích cá nhân', 'Ngụy biện số đông', 'Kiểm chứng tin trên mạng'],
    exam: 'Kiểm tra: tư duy phản biện',
    quiz: [
      single(
        'Câu nào là một sự thật (có thể kiểm chứng)?',
        ['Nước sôi ở 100 °C dưới áp suất tiêu chuẩn.*', 'Mùa hè là mùa đẹp nhất.', 'Môn Toán thú vị hơn môn Văn.'],
        'Sự thật kiểm chứng được; hai câu còn lại là ý kiến.',
      ),
      multiple(
        'Những câu nào chứa ngụy biện?',
        [
          'Ai cũng làm thế nên chắc chắn đúng.*',
          'Bạn ấy học kém nên ý kiến của bạn ấy sai.*',
          'Số liệu của Tổng cục Thống kê cho thấy dân số tăng.',
          'Thí nghiệm lặp lại ba lần cho cùng kết quả.',
        ],
        'Câu 1 là ngụy biện số đông, câu 2 là công kích cá nhân.',
      ),
      single(
        'Trước khi chia sẻ một tin gây sốc, bạn nên',
        ['kiểm tra nguồn và ngày đăng*', 'chia sẻ ngay cho nhanh', 'chỉ đọc tiêu đề'],
        'Tin giả thường lan nhanh vì được chia sẻ vội.',
      ),
    ],
  },
  {
    title: 'Kỹ năng tự học và ghi nhớ',
    level: 'Cơ bản',
    summary: 'Học ít mà nhớ lâu với lặp lại ngắt quãng, tự kiểm tra, sơ đồ tư duy và kỹ thuật Feynman.',
    outcomes: [
      'Lập lịch ôn theo phương pháp lặp lại ngắt quãng.',
      'Ghi chép bằng sơ đồ tư duy và phương pháp Cornell.',
      'Tự kiểm tra mức độ hiểu bằng kỹ thuật Feynman.',
    ],
    audience: 'Học sinh, sinh viên học nhiều nhưng nhanh quên.',
    chapters: ['Chương 1: Não bộ ghi nhớ thế nào', 'Chương 2: Ghi chép thông minh', 'Chương 3: Ôn tập hiệu quả'],
    lessons: ['Đường cong quên lãng', 'Sơ đồ tư duy', 'Ghi chép Cornell', 'Lặp lại ngắt quãng'],
    exam: 'Kiểm tra: phương pháp tự học',
    quiz: [
      single(
        'Kỹ thuật Feynman yêu cầu bạn',
        ['giảng lại kiến thức bằng lời đơn giản*', 'đọc to 10 lần', 'chép lại sách giáo khoa'],
        'Giải thích được cho người khác nghĩa là bạn đã hiểu.',
      ),
      multiple(
        'Những cách nào giúp nhớ lâu?',
        [
          'Tự kiểm tra bằng câu hỏi*',
          'Ôn lại theo các khoảng cách tăng dần*',
          'Ngủ đủ giấc*',
          'Đọc đi đọc lại một lần trong đêm trước hôm thi',
        ],
        'Học dồn trong một đêm chỉ nhớ ngắn hạn.',
      ),
      single(
        'Phương pháp Cornell chia trang ghi chép thành',
        ['ba phần*', 'hai phần', 'năm phần'],
        'Cột từ khóa, phần ghi chép và phần tóm tắt.',
      ),
    ],
  },
  {
    title: 'Định hướng nghề nghiệp cho học sinh THPT',
    level: 'Cơ bản',
    summary: 'Hiểu sở thích, năng lực của bản thân và thị trường lao động để chọn ngành, chọn trường phù hợp.',
    outcomes: [
      'Khám phá nhóm sở thích nghề nghiệp theo mô hình Holland.',
      'Tìm hiểu ngành học, điểm chuẩn và cơ hội việc làm.',
      'Lập kế hoạch chọn tổ hợp môn và nguyện vọng.',
    ],
    audience: 'Học sinh lớp 10 đến lớp 12 và phụ huynh đang băn khoăn chọn ngành.',
    chapters: ['Chương 1: Hiểu mình', 'Chương 2: Hiểu nghề', 'Chương 3: Ra quyết định'],
    lessons: [
      'Trắc nghiệm sở thích Holland',
      'Ngành nghề của tương lai',
      'Đọc thông tin tuyển sinh',
      'Lập kế hoạch nguyện vọng',
    ],
    exam: 'Kiểm tra: định hướng nghề nghiệp',
    quiz: [
      single(
        'Mô hình Holland chia sở thích nghề nghiệp thành bao nhiêu nhóm?',
        ['6*', '4', '10'],
        'Sáu nhóm RIASEC: kỹ thuật, nghiên cứu, nghệ thuật, xã hội, quản lý, nghiệp vụ.',
      ),
      multiple(
        'Khi chọn ngành nên cân nhắc',
        ['Sở thích của bản thân*', 'Năng lực học tập*', 'Nhu cầu của thị trường lao động*', 'Ngành bạn thân chọn'],
        'Chọn theo bạn bè dễ dẫn đến chọn sai ngành.',
      ),
      single(
        'Người thích giúp đỡ, chăm sóc người khác thuộc nhóm Holland',
        ['Xã hội (S)*', 'Kỹ thuật (R)', 'Nghiệp vụ (C)'],
        'Nhóm Xã hội hợp với giáo dục, y tế, công tác xã hội.',
      ),
    ],
  },
  {
    title: 'Nuôi dạy con tích cực cho cha mẹ',
    level: 'Cơ bản',
    summary: 'Lắng nghe, đặt giới hạn và khích lệ con đúng cách để con tự tin, tự lập mà không cần quát mắng.',
    outcomes: [
      'Lắng nghe chủ động và gọi tên cảm xúc của con.',
      'Đặt quy tắc trong gia đình và giữ nhất quán.',
      'Khen ngợi nỗ lực thay vì chỉ khen kết quả.',
    ],
    audience: 'Cha mẹ có con từ 3 đến 12 tuổi.',
    chapters: ['Chương 1: Thấu hiểu con', 'Chương 2: Kỷ luật tích cực', 'Chương 3: Nuôi dưỡng sự tự lập'],
    lessons: ['Gọi tên cảm xúc', 'Quy tắc và hệ quả', 'Khi con ăn vạ', 'Giao việc nhà cho con'],
    exam: 'Kiểm tra: nuôi dạy con tích cực',
    quiz: [
      single(
        'Khi con khóc vì làm vỡ đồ chơi, câu nói nào thể hiện sự thấu hiểu?',
        ['Con buồn vì đồ chơi yêu thích bị vỡ, đúng không?*', 'Nín ngay!', 'Có thế mà cũng khóc.'],
        'Gọi tên cảm xúc giúp con bình tĩnh lại.',
      ),
      multiple(
        'Những cách khen nào khích lệ nỗ lực?',
        [
          'Con đã kiên trì làm đến cùng.*',
          'Mẹ thấy con tự sửa lỗi sai.*',
          'Con thông minh nhất nhà.',
          'Con giỏi hơn bạn A.',
        ],
        'Khen nỗ lực cụ thể thay vì gán nhãn hay so sánh.',
      ),
      single(
        'Kỷ luật tích cực dựa trên',
        ['quy tắc rõ ràng và hệ quả hợp lý*', 'đòn roi', 'dọa nạt'],
        'Kỷ luật tích cực dạy con, không trừng phạt.',
      ),
    ],
  },
  {
    title: 'Bé vui học chữ cái',
    level: 'Cơ bản',
    summary: 'Bé làm quen 29 chữ cái tiếng Việt qua bài hát, tô màu và trò chơi tìm chữ, chuẩn bị vào lớp 1.',
    outcomes: [
      'Nhận mặt và gọi tên 29 chữ cái.',
      'Tô và viết các nét cơ bản đúng chiều.',
      'Tìm chữ cái trong từ quen thuộc.',
    ],
    audience: 'Bé từ 4 đến 6 tuổi chuẩn bị vào lớp 1.',
    chapters: ['Chương 1: Chữ cái tròn', 'Chương 2: Chữ cái có nét thẳng', 'Chương 3: Chữ cái có dấu'],
    lessons: ['Bài hát chữ cái', 'Nhóm chữ o, ô, ơ', 'Nhóm chữ l, h, k', 'Nhóm chữ ă, â, đ'],
    exam: 'Trò chơi tìm chữ',
    quiz: [
      single('Chữ cái nào có “mũ”?', ['ô*', 'o', 'ơ'], 'Chữ ô đội mũ, chữ ơ có râu.'),
      multiple('Những chữ cái nào có trong từ “bà”?', ['b*', 'a*', 'c', 'o'], '“Bà” gồm chữ b, chữ a và dấu huyền.'),
      single('Chữ cái đầu tiên của từ “gà” là', ['g*', 'a', 'h'], '“Gà” bắt đầu bằng chữ g.'),
    ],
  },
  {
    title: 'Toán lớp 3 bám sát sách giáo khoa',
    level: 'Cơ bản',
    summary: 'Học theo từng bài của sách giáo khoa Toán 3: bảng nhân chia, số đến 10.000, đo lường và hình học.',
    outcomes: [
      'Thuộc bảng nhân, bảng chia từ 2 đến 9.',
      'Đọc, viết, so sánh các số trong phạm vi 10.000.',
      'Tính chu vi hình chữ nhật và hình vuông.',
    ],
    audience: 'Học sinh lớp 3 và phụ huynh kèm con học ở nhà.',
    chapters: ['Chương 1: Bảng nhân, bảng chia', 'Chương 2: Các số đến 10.000', 'Chương 3: Hình học và đo lường'],
    lessons: ['Bảng nhân 6, 7', 'Đọc và viết số có bốn chữ số', 'So sánh các số', 'Chu vi hình chữ nhật'],
    exam: 'Kiểm tra: Toán lớp 3',
    quiz: [
      single('7 × 8 bằng', ['56*', '54', '64'], '7 × 8 = 56.'),
      multiple('Những số nào lớn hơn 5.000?', ['5.100*', '9.999*', '4.999', '500'], '4.999 và 500 nhỏ hơn 5.000.'),
      single('Hình chữ nhật dài 6 cm, rộng 4 cm có chu vi là', ['20 cm*', '24 cm', '10 cm'], '(6 + 4) × 2 = 20 cm.'),
    ],
  },
  {
    title: 'Tiếng Việt lớp 5: Luyện từ và câu',
    level: 'Trung bình',
    summary: 'Từ đồng nghĩa, trái nghĩa, đại từ, quan hệ từ và câu ghép, luyện qua bài tập có đáp án.',
    outcomes: [
      'Tìm từ đồng nghĩa, trái nghĩa, đồng âm.',
      'Dùng quan hệ từ để nối các vế câu ghép.',
      'Xác định chủ ngữ, vị ngữ trong câu.',
    ],
    audience: 'Học sinh lớp 5 và học sinh ôn thi vào lớp 6 trường chất lượng cao.',
    chapters: ['Chương 1: Từ loại', 'Chương 2: Nghĩa của từ', 'Chương 3: Câu ghép'],
    lessons: ['Đại từ', 'Từ đồng nghĩa và trái nghĩa', 'Từ đồng âm', 'Nối câu ghép bằng quan hệ từ'],
    exam: 'Kiểm tra: luyện từ và câu',
    quiz: [
      single(
        'Từ trái nghĩa với “chăm chỉ” là',
        ['lười biếng*', 'siêng năng', 'cần cù'],
        '“Siêng năng”, “cần cù” đồng nghĩa với “chăm chỉ”.',
      ),
      multiple('Những từ nào là quan hệ từ?', ['và*', 'nhưng*', 'vì*', 'chạy'], '“Chạy” là động từ.'),
      single(
        'Chủ ngữ của câu “Đàn cò trắng bay qua cánh đồng.” là',
        ['Đàn cò trắng*', 'bay qua', 'cánh đồng'],
        'Chủ ngữ trả lời câu hỏi “Cái gì bay qua cánh đồng?”.',
      ),
    ],
  },
  {
    title: 'Khoa học lớp 4: Thế giới quanh em',
    level: 'Cơ bản',
    summary: 'Nước, không khí, ánh sáng, âm thanh và dinh dưỡng, học qua thí nghiệm nhỏ và câu hỏi vì sao.',
    outcomes: [
      'Mô tả vòng tuần hoàn của nước trong tự nhiên.',
      'Nêu vai trò của không khí và ánh sáng với sự sống.',
      'Biết chọn bữa ăn cân đối, đủ chất.',
    ],
    audience: 'Học sinh lớp 4 học môn Khoa học.',
    chapters: ['Chương 1: Nước', 'Chương 2: Không khí, ánh sáng, âm thanh', 'Chương 3: Con người và sức khỏe'],
    lessons: [
      'Vòng tuần hoàn của nước',
      'Không khí cần cho sự cháy',
      'Âm thanh truyền đi như thế nào',
      'Tháp dinh dưỡng',
    ],
    exam: 'Đố vui khoa học',
    quiz: [
      single(
        'Nước đá tan thành nước lỏng gọi là sự',
        ['nóng chảy*', 'bay hơi', 'ngưng tụ'],
        'Chất rắn chuyển sang lỏng là nóng chảy.',
      ),
      multiple(
        'Những thức ăn nào giàu chất đạm?',
        ['Trứng*', 'Cá*', 'Đậu phụ*', 'Cơm trắng'],
        'Cơm giàu chất bột đường.',
      ),
      single(
        'Âm thanh không truyền được qua',
        ['chân không*', 'không khí', 'nước'],
        'Âm thanh cần môi trường vật chất để truyền.',
      ),
    ],
  },
  {
    title: 'Vẽ tranh sáng tạo cho bé',
    level: 'Cơ bản',
    summary: 'Bé vẽ từ những hình cơ bản, phối màu và kể chuyện bằng tranh, chỉ cần bút chì và bút màu.',
    outcomes: [
      'Vẽ con vật, đồ vật từ hình tròn, vuông, tam giác.',
      'Phối màu nóng, màu lạnh cho bức tranh.',
      'Vẽ một bức tranh kể lại câu chuyện của bé.',
    ],
    audience: 'Bé từ 4 đến 10 tuổi thích vẽ.',
    chapters: ['Chương 1: Hình cơ bản', 'Chương 2: Màu sắc', 'Chương 3: Kể chuyện bằng tranh'],
    lessons: ['Vẽ mèo từ hình tròn', 'Màu nóng và màu lạnh', 'Vẽ bầu trời và biển', 'Bức tranh gia đình em'],
    exam: 'Đố vui hội họa',
    quiz: [
      single('Trộn màu vàng với màu xanh lam được màu', ['xanh lá*', 'tím', 'cam'], 'Vàng + xanh lam = xanh lá.'),
      multiple('Những màu nào là màu nóng?', ['Đỏ*', 'Cam*', 'Vàng*', 'Xanh lam'], 'Xanh lam là màu lạnh.'),
      single(
        'Để vẽ mặt trời, bé bắt đầu từ hình',
        ['tròn*', 'vuông', 'tam giác'],
        'Mặt trời là một hình tròn với các tia nắng.',
      ),
    ],
  },
  {
    title: 'Âm nhạc và vận động cho bé',
    level: 'Cơ bản',
    summary: 'Bé hát, vỗ tay theo nhịp và vận động theo bài hát thiếu nhi quen thuộc, vừa vui vừa khỏe.',
    outcomes: [
      'Hát đúng giai điệu năm bài hát thiếu nhi.',
      'Vỗ tay, gõ đệm theo nhịp 2/4.',
      'Vận động phụ họa theo bài hát.',
    ],
    audience: 'Bé từ 3 đến 7 tuổi và cha mẹ muốn cùng con hoạt động mỗi ngày.',
    chapters: ['Chương 1: Nghe và hát', 'Chương 2: Tiết tấu', 'Chương 3: Vận động theo nhạc'],
    lessons: ['Bài hát “Cả nhà thương nhau”', 'Vỗ tay theo nhịp', 'Nhạc cụ gõ tự làm', 'Múa “Con cào cào”'],
    exam: 'Đố vui âm nhạc',
    quiz: [
      single(
        'Bài hát “Cả nhà thương nhau” nói về',
        ['gia đình*', 'trường học', 'con vật'],
        '“Ba thương con vì con giống mẹ…”',
      ),
      multiple(
        'Những vật nào có thể làm nhạc cụ gõ?',
        ['Chai nhựa đựng hạt đậu*', 'Hai chiếc thìa*', 'Hộp bánh rỗng*', 'Tờ giấy ướt'],
        'Giấy ướt không phát ra tiếng vang.',
      ),
      single('Nhịp 2/4 có mấy phách trong một ô nhịp?', ['2*', '3', '4'], 'Số trên cho biết mỗi ô nhịp có 2 phách.'),
    ],
  },
];

/** The demo courses' own words: English. */
import { multiple, single, type CourseContent } from './course-content.ts';

export const LANGUAGE_COURSES: CourseContent[] = [
  {
    title: 'Tiếng Anh giao tiếp cho người đi làm',
    level: 'Trung bình',
    summary: 'Tự tin chào hỏi, họp hành, gọi điện và viết email bằng tiếng Anh trong môi trường công sở.',
    outcomes: [
      'Giới thiệu bản thân và công việc một cách tự nhiên.',
      'Tham gia cuộc họp: đưa ý kiến, đồng ý và phản đối lịch sự.',
      'Gọi điện, để lại lời nhắn và viết email công việc ngắn gọn.',
    ],
    audience: 'Người đi làm có nền tảng tiếng Anh cơ bản, cần dùng tiếng Anh với đồng nghiệp và đối tác.',
    chapters: ['Chương 1: Làm quen nơi công sở', 'Chương 2: Họp và thảo luận', 'Chương 3: Điện thoại và email'],
    lessons: [
      'Small talk với đồng nghiệp',
      'Đưa ý kiến trong cuộc họp',
      'Đồng ý và phản đối lịch sự',
      'Gọi điện cho đối tác',
    ],
    exam: 'Kiểm tra: tình huống công sở',
    quiz: [
      single(
        'Câu nào lịch sự nhất để xin ngắt lời trong cuộc họp?',
        ['Sorry to interrupt, but may I add something?*', 'Stop talking.', 'You are wrong.'],
        '“Sorry to interrupt, but…” là cách ngắt lời lịch sự.',
      ),
      multiple(
        'Những câu nào dùng để đồng ý?',
        ['I couldn’t agree more.*', 'That’s a good point.*', 'I’m afraid I disagree.', 'I don’t think so.'],
        'Hai câu sau thể hiện sự không đồng ý.',
      ),
      single(
        'Câu mở đầu phù hợp cho email công việc là',
        ['I am writing to confirm our meeting on Monday.*', 'Hey, what’s up?', 'Bye for now.'],
        'Email công việc nêu mục đích ngay câu đầu.',
      ),
    ],
  },
  {
    title: 'Luyện thi IELTS 6.5+ cấp tốc',
    level: 'Nâng cao',
    summary: 'Lộ trình 8 tuần luyện đủ bốn kỹ năng IELTS, chấm chữa Writing và Speaking theo tiêu chí band điểm.',
    outcomes: [
      'Hiểu tiêu chí chấm Writing và Speaking để đạt band 6.5.',
      'Làm Reading với kỹ thuật skimming, scanning trong 60 phút.',
      'Viết Task 1 mô tả biểu đồ và Task 2 nghị luận đúng cấu trúc.',
    ],
    audience: 'Người học đã đạt khoảng IELTS 5.0–5.5, cần 6.5 để du học hoặc xét tuyển đại học.',
    chapters: ['Chương 1: Listening và Reading', 'Chương 2: Writing', 'Chương 3: Speaking'],
    lessons: [
      'Kỹ thuật skimming và scanning',
      'Writing Task 1: mô tả biểu đồ',
      'Writing Task 2: bài nghị luận',
      'Speaking Part 2: nói trong 2 phút',
    ],
    exam: 'Kiểm tra: IELTS mini test',
    quiz: [
      single(
        'Bài IELTS Writing Task 2 cần tối thiểu bao nhiêu từ?',
        ['250*', '150', '300'],
        'Task 1 tối thiểu 150 từ, Task 2 tối thiểu 250 từ.',
      ),
      multiple(
        'Những tiêu chí nào dùng để chấm IELTS Speaking?',
        ['Fluency and Coherence*', 'Lexical Resource*', 'Pronunciation*', 'Handwriting'],
        'Bốn tiêu chí: Fluency and Coherence, Lexical Resource, Grammatical Range and Accuracy, Pronunciation.',
      ),
      single(
        'Phần Speaking Part 2 cho thí sinh bao lâu để chuẩn bị?',
        ['1 phút*', '5 phút', '30 giây'],
        'Thí sinh có 1 phút chuẩn bị và nói 1–2 phút.',
      ),
    ],
  },
  {
    title: 'Ngữ pháp tiếng Anh toàn tập',
    level: 'Cơ bản',
    summary: 'Hệ thống 12 thì, câu bị động, câu điều kiện và mệnh đề quan hệ bằng sơ đồ và ví dụ gần gũi.',
    outcomes: [
      'Dùng đúng 12 thì tiếng Anh trong nói và viết.',
      'Chuyển câu chủ động sang bị động.',
      'Viết câu điều kiện loại 1, 2, 3 và mệnh đề quan hệ.',
    ],
    audience: 'Học sinh, sinh viên và người đi làm muốn học lại ngữ pháp từ gốc.',
    chapters: ['Chương 1: Các thì', 'Chương 2: Câu bị động và câu điều kiện', 'Chương 3: Mệnh đề và câu phức'],
    lessons: ['Hiện tại đơn và hiện tại tiếp diễn', 'Câu bị động', 'Câu điều kiện', 'Mệnh đề quan hệ'],
    exam: 'Kiểm tra: ngữ pháp tổng hợp',
    quiz: [
      single(
        'She ___ to school every day.',
        ['goes*', 'go', 'going'],
        'Chủ ngữ ngôi thứ ba số ít ở thì hiện tại đơn: goes.',
      ),
      multiple(
        'Những câu nào ở thể bị động?',
        ['The letter was written by Nam.*', 'English is spoken here.*', 'Nam wrote a letter.', 'They speak English.'],
        'Bị động: be + V3.',
      ),
      single(
        'If I ___ rich, I would travel the world.',
        ['were*', 'am', 'will be'],
        'Câu điều kiện loại 2 dùng “were” cho mọi ngôi.',
      ),
    ],
  },
  {
    title: 'Tiếng Anh thiếu nhi: Vui học từ vựng',
    level: 'Cơ bản',
    summary: 'Bé học 300 từ vựng đầu tiên về màu sắc, con vật, gia đình và trường học qua bài hát và trò chơi.',
    outcomes: [
      'Nhớ và phát âm đúng 300 từ vựng theo chủ đề.',
      'Nói câu ngắn giới thiệu bản thân và gia đình.',
      'Nghe hiểu chỉ dẫn đơn giản của giáo viên.',
    ],
    audience: 'Bé từ 5 đến 10 tuổi mới bắt đầu học tiếng Anh.',
    chapters: ['Chương 1: Màu sắc và con số', 'Chương 2: Con vật và gia đình', 'Chương 3: Trường học của em'],
    lessons: [
      'Colors: bảy sắc cầu vồng',
      'Animals: thăm sở thú',
      'My family: gia đình em',
      'My school: đồ dùng học tập',
    ],
    exam: 'Đố vui từ vựng',
    quiz: [
      single('“Con mèo” trong tiếng Anh là', ['cat*', 'dog', 'bird'], 'Cat là con mèo; dog là con chó.'),
      multiple('Những từ nào là màu sắc?', ['red*', 'blue*', 'green*', 'pencil'], 'Pencil là cái bút chì.'),
      single('“Mother” nghĩa là', ['mẹ*', 'bố', 'chị gái'], 'Mother là mẹ, father là bố.'),
    ],
  },
  {
    title: 'Luyện nghe tiếng Anh mỗi ngày 15 phút',
    level: 'Trung bình',
    summary:
      'Mỗi ngày một đoạn hội thoại ngắn có phụ đề và bài tập chép chính tả, tai quen dần với tốc độ người bản xứ.',
    outcomes: [
      'Nghe hiểu ý chính của hội thoại thường ngày.',
      'Nhận ra hiện tượng nối âm và nuốt âm.',
      'Duy trì thói quen nghe 15 phút mỗi ngày.',
    ],
    audience: 'Người học tiếng Anh trình độ sơ trung cấp thấy nghe là kỹ năng khó nhất.',
    chapters: ['Chương 1: Tai quen âm', 'Chương 2: Hội thoại thường ngày', 'Chương 3: Nghe tin tức'],
    lessons: ['Nối âm trong tiếng Anh', 'Gọi món ở nhà hàng', 'Hỏi đường', 'Bản tin thời tiết'],
    exam: 'Kiểm tra: nghe hiểu',
    quiz: [
      single(
        'Cụm “want to” khi nói nhanh thường nghe như',
        ['wanna*', 'wanto', 'wonta'],
        '“Want to” được nói nối thành “wanna”.',
      ),
      multiple(
        'Những câu nào dùng khi hỏi đường?',
        ['How do I get to the station?*', 'Is there a bank near here?*', 'What’s your name?', 'How old are you?'],
        'Hai câu cuối không hỏi đường.',
      ),
      single('“It’s going to be sunny” nói về', ['thời tiết*', 'giờ giấc', 'món ăn'], 'Sunny nghĩa là trời nắng.'),
    ],
  },
  {
    title: 'TOEIC 750 trong 3 tháng',
    level: 'Trung bình',
    summary: 'Chiến thuật làm bài cho từng phần Listening và Reading của TOEIC, luyện đề theo định dạng mới.',
    outcomes: [
      'Nắm cấu trúc 7 phần của bài thi TOEIC Listening và Reading.',
      'Làm Part 5, 6 nhanh nhờ nhận diện từ loại.',
      'Quản lý 75 phút phần Reading để không bỏ câu.',
    ],
    audience: 'Sinh viên và người đi làm cần chứng chỉ TOEIC 650–750 để ra trường hoặc xin việc.',
    chapters: ['Chương 1: Listening Part 1–4', 'Chương 2: Reading Part 5–6', 'Chương 3: Reading Part 7'],
    lessons: [
      'Part 2: câu hỏi và câu trả lời',
      'Part 5: từ loại',
      'Part 6: điền từ vào đoạn văn',
      'Part 7: đọc nhiều đoạn',
    ],
    exam: 'Kiểm tra: TOEIC mini test',
    quiz: [
      single(
        'The manager was ___ impressed with the report.',
        ['very*', 'much', 'many'],
        '“Very” bổ nghĩa cho tính từ “impressed”.',
      ),
      multiple(
        'Những hậu tố nào thường tạo danh từ?',
        ['-tion*', '-ment*', '-ness*', '-ly'],
        '-ly thường tạo trạng từ.',
      ),
      single(
        'Bài thi TOEIC Listening và Reading có tổng cộng bao nhiêu câu?',
        ['200*', '100', '150'],
        '100 câu nghe và 100 câu đọc.',
      ),
    ],
  },
  {
    title: 'Phát âm chuẩn giọng Mỹ',
    level: 'Cơ bản',
    summary: 'Sửa phát âm từ gốc với bảng phiên âm IPA, trọng âm và ngữ điệu giọng Mỹ, luyện qua ghi âm.',
    outcomes: [
      'Đọc đúng 44 âm trong bảng phiên âm IPA.',
      'Đặt trọng âm đúng cho từ hai, ba âm tiết.',
      'Nói câu có ngữ điệu lên xuống tự nhiên.',
    ],
    audience: 'Người học tiếng Anh mọi trình độ muốn nói rõ ràng, dễ nghe.',
    chapters: ['Chương 1: Nguyên âm', 'Chương 2: Phụ âm', 'Chương 3: Trọng âm và ngữ điệu'],
    lessons: ['Nguyên âm dài và ngắn', 'Âm /θ/ và /ð/', 'Âm cuối /s/, /z/, /ɪz/', 'Trọng âm của từ'],
    exam: 'Kiểm tra: phát âm',
    quiz: [
      single('Từ “photograph” có trọng âm rơi vào âm tiết', ['thứ nhất*', 'thứ hai', 'thứ ba'], 'PHO-to-graph.'),
      multiple(
        'Những từ nào có đuôi -s đọc là /ɪz/?',
        ['watches*', 'boxes*', 'cats', 'dogs'],
        'Đuôi -es sau /tʃ/, /ks/ đọc là /ɪz/; cats đọc /s/, dogs đọc /z/.',
      ),
      single('Âm đầu của từ “think” là', ['/θ/*', '/t/', '/ð/'], '“Think” bắt đầu bằng âm vô thanh /θ/.'),
    ],
  },
];

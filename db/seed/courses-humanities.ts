/** The demo courses' own words: Literature, History, Geography and Civics. */
import { multiple, single, type CourseContent } from './course-content.ts';

export const HUMANITIES_COURSES: CourseContent[] = [
  {
    title: 'Nghị luận xã hội đạt điểm cao',
    level: 'Trung bình',
    summary: 'Lập dàn ý nhanh, lấy dẫn chứng thuyết phục và viết đoạn nghị luận xã hội 200 chữ đúng yêu cầu đề.',
    outcomes: [
      'Xác định đúng vấn đề nghị luận trong mọi dạng đề.',
      'Viết đoạn văn 200 chữ có luận điểm, lý lẽ và dẫn chứng rõ ràng.',
      'Xây dựng kho dẫn chứng về lòng tự trọng, ý chí và trách nhiệm với cộng đồng.',
    ],
    audience: 'Học sinh THPT muốn chắc điểm câu nghị luận xã hội trong bài thi Ngữ văn.',
    chapters: ['Chương 1: Hiểu đề và lập ý', 'Chương 2: Lý lẽ và dẫn chứng', 'Chương 3: Viết và sửa bài'],
    lessons: ['Phân tích đề nghị luận', 'Triển khai luận điểm', 'Chọn dẫn chứng đắt giá', 'Sửa một bài văn mẫu'],
    exam: 'Kiểm tra: kỹ năng nghị luận',
    quiz: [
      single(
        'Đoạn nghị luận xã hội 200 chữ cần có',
        ['câu chủ đề, lý lẽ, dẫn chứng và bài học*', 'chỉ dẫn chứng', 'chỉ cảm xúc cá nhân'],
        'Một đoạn nghị luận đủ ý gồm câu chủ đề, giải thích, lý lẽ, dẫn chứng và bài học.',
      ),
      multiple(
        'Những thao tác lập luận nào thường dùng trong bài nghị luận?',
        ['Giải thích*', 'Chứng minh*', 'Bình luận*', 'Liệt kê số điện thoại'],
        'Giải thích, chứng minh, phân tích, bình luận, bác bỏ là các thao tác lập luận.',
      ),
      single(
        'Dẫn chứng tốt trong bài nghị luận xã hội là dẫn chứng',
        ['tiêu biểu, xác thực và gắn với luận điểm*', 'càng dài càng tốt', 'do người viết tự nghĩ ra'],
        'Dẫn chứng phải có thật, tiêu biểu và phục vụ luận điểm.',
      ),
    ],
  },
  {
    title: 'Ngữ văn 12: Tác phẩm trọng tâm',
    level: 'Nâng cao',
    summary: 'Đọc sâu Tây Tiến, Việt Bắc, Vợ chồng A Phủ, Vợ nhặt và các tác phẩm trọng tâm của chương trình lớp 12.',
    outcomes: [
      'Nắm hoàn cảnh sáng tác, giá trị nội dung và nghệ thuật của từng tác phẩm.',
      'Phân tích một đoạn thơ, một nhân vật theo yêu cầu đề.',
      'Viết bài nghị luận văn học có liên hệ, so sánh.',
    ],
    audience: 'Học sinh lớp 12 ôn tác phẩm cho kỳ thi tốt nghiệp và thi học sinh giỏi.',
    chapters: ['Chương 1: Thơ kháng chiến', 'Chương 2: Truyện ngắn hiện đại', 'Chương 3: Nghị luận văn học'],
    lessons: ['Tây Tiến của Quang Dũng', 'Vợ chồng A Phủ của Tô Hoài', 'Vợ nhặt của Kim Lân', 'Phân tích nhân vật'],
    exam: 'Kiểm tra: tác phẩm lớp 12',
    quiz: [
      single(
        'Tác giả của bài thơ “Tây Tiến” là',
        ['Quang Dũng*', 'Tố Hữu', 'Chính Hữu'],
        'Quang Dũng viết “Tây Tiến” năm 1948.',
      ),
      multiple(
        'Những tác phẩm nào là truyện ngắn?',
        ['Vợ nhặt*', 'Vợ chồng A Phủ*', 'Việt Bắc', 'Tây Tiến'],
        '“Việt Bắc” và “Tây Tiến” là thơ.',
      ),
      single(
        'Nhân vật Mị xuất hiện trong tác phẩm',
        ['Vợ chồng A Phủ*', 'Vợ nhặt', 'Chiếc thuyền ngoài xa'],
        'Mị là nhân vật chính của “Vợ chồng A Phủ”.',
      ),
    ],
  },
  {
    title: 'Văn 9: Luyện đề thi vào lớp 10',
    level: 'Trung bình',
    summary: 'Luyện đọc hiểu, nghị luận xã hội và nghị luận văn học theo đề thi vào lớp 10 của các tỉnh thành.',
    outcomes: [
      'Làm phần đọc hiểu nhanh và đúng trọng tâm câu hỏi.',
      'Phân tích nhân vật và đoạn thơ trong các tác phẩm lớp 9.',
      'Trình bày bài thi sạch, đủ ý trong 120 phút.',
    ],
    audience: 'Học sinh lớp 9 chuẩn bị thi vào lớp 10.',
    chapters: ['Chương 1: Đọc hiểu', 'Chương 2: Tác phẩm lớp 9', 'Chương 3: Luyện đề'],
    lessons: [
      'Biện pháp tu từ trong đọc hiểu',
      'Truyện Kiều: Chị em Thúy Kiều',
      'Bài thơ về tiểu đội xe không kính',
      'Luyện đề thi vào lớp 10',
    ],
    exam: 'Kiểm tra: đề thi thử vào lớp 10',
    quiz: [
      single(
        '“Truyện Kiều” là tác phẩm của',
        ['Nguyễn Du*', 'Nguyễn Trãi', 'Hồ Xuân Hương'],
        'Nguyễn Du viết “Truyện Kiều” (Đoạn trường tân thanh).',
      ),
      multiple(
        'Những biện pháp nào là biện pháp tu từ?',
        ['So sánh*', 'Nhân hóa*', 'Ẩn dụ*', 'Chấm phẩy'],
        'Chấm phẩy là dấu câu, không phải biện pháp tu từ.',
      ),
      single(
        'Tác giả “Bài thơ về tiểu đội xe không kính” là',
        ['Phạm Tiến Duật*', 'Huy Cận', 'Chính Hữu'],
        'Phạm Tiến Duật viết bài thơ năm 1969.',
      ),
    ],
  },
  {
    title: 'Đọc hiểu văn bản cho học sinh THCS',
    level: 'Cơ bản',
    summary:
      'Đọc hiểu văn bản văn học, nghị luận và thông tin: tìm ý chính, nhận ra phương thức biểu đạt và trả lời đúng ý.',
    outcomes: [
      'Xác định phương thức biểu đạt và thể loại văn bản.',
      'Tìm ý chính, từ khóa và thông điệp của đoạn văn.',
      'Trả lời câu hỏi đọc hiểu ngắn gọn, đủ ý.',
    ],
    audience: 'Học sinh lớp 6 đến lớp 9 làm phần đọc hiểu còn lan man.',
    chapters: ['Chương 1: Nhận diện văn bản', 'Chương 2: Tìm ý và thông điệp', 'Chương 3: Trả lời câu hỏi'],
    lessons: ['Sáu phương thức biểu đạt', 'Tìm câu chủ đề', 'Văn bản thông tin', 'Trả lời câu hỏi đọc hiểu'],
    exam: 'Kiểm tra: đọc hiểu',
    quiz: [
      single(
        'Văn bản kể lại chuỗi sự việc dùng phương thức biểu đạt chính là',
        ['tự sự*', 'nghị luận', 'thuyết minh'],
        'Tự sự là kể sự việc.',
      ),
      multiple(
        'Những phương thức biểu đạt nào có trong chương trình?',
        ['Miêu tả*', 'Biểu cảm*', 'Thuyết minh*', 'Trinh thám'],
        'Sáu phương thức: tự sự, miêu tả, biểu cảm, nghị luận, thuyết minh, hành chính – công vụ.',
      ),
      single(
        'Câu chủ đề của đoạn văn diễn dịch nằm ở',
        ['đầu đoạn*', 'cuối đoạn', 'giữa đoạn'],
        'Đoạn diễn dịch nêu ý chính trước rồi triển khai.',
      ),
    ],
  },
  {
    title: 'Viết đoạn văn hay cho học sinh tiểu học',
    level: 'Cơ bản',
    summary: 'Bé học cách quan sát, dùng từ gợi tả và viết đoạn văn tả đồ vật, con vật, cảnh vật thật sinh động.',
    outcomes: [
      'Quan sát bằng nhiều giác quan trước khi viết.',
      'Dùng từ láy, so sánh và nhân hóa để câu văn sinh động.',
      'Viết đoạn văn có mở đoạn, thân đoạn và kết đoạn.',
    ],
    audience: 'Học sinh lớp 2 đến lớp 5 và phụ huynh đồng hành cùng con luyện viết.',
    chapters: ['Chương 1: Quan sát', 'Chương 2: Từ ngữ gợi tả', 'Chương 3: Viết đoạn văn'],
    lessons: [
      'Quan sát bằng năm giác quan',
      'Từ láy và từ tượng thanh',
      'So sánh và nhân hóa',
      'Viết đoạn văn tả con vật',
    ],
    exam: 'Đố vui viết văn',
    quiz: [
      single('Từ nào là từ láy?', ['lấp lánh*', 'bàn ghế', 'sách vở'], '“Lấp lánh” lặp lại âm đầu l.'),
      multiple(
        'Những câu nào có dùng phép so sánh?',
        ['Mặt trời đỏ như quả cầu lửa.*', 'Lá cây xanh như tấm áo mới.*', 'Em đi học lúc sáu giờ.', 'Mẹ nấu cơm.'],
        'Hai câu đầu so sánh bằng từ “như”.',
      ),
      single(
        'Câu “Chị gió chạy khắp cánh đồng” dùng biện pháp',
        ['nhân hóa*', 'so sánh', 'liệt kê'],
        'Gió được gọi là “chị” và “chạy” như người.',
      ),
    ],
  },
  {
    title: 'Tiếng Việt lớp 1: Học vần vui',
    level: 'Cơ bản',
    summary: 'Bé nhận mặt chữ, ghép vần và đọc trơn qua bài hát, trò chơi và tranh minh họa sinh động.',
    outcomes: [
      'Nhận biết và đọc đúng 29 chữ cái tiếng Việt.',
      'Ghép âm đầu với vần để đọc tiếng mới.',
      'Đọc trơn câu ngắn và viết đúng các dấu thanh.',
    ],
    audience: 'Bé vào lớp 1 và phụ huynh muốn cùng con học vần mỗi tối.',
    chapters: ['Chương 1: Chữ cái', 'Chương 2: Ghép vần', 'Chương 3: Đọc trơn'],
    lessons: ['Nguyên âm và phụ âm', 'Vần an, at', 'Năm dấu thanh', 'Đọc câu ngắn'],
    exam: 'Đố vui học vần',
    quiz: [
      single('Bảng chữ cái tiếng Việt có bao nhiêu chữ cái?', ['29*', '26', '24'], 'Tiếng Việt có 29 chữ cái.'),
      multiple('Những chữ nào là nguyên âm?', ['a*', 'ê*', 'b', 'm'], 'b và m là phụ âm.'),
      single('Tiếng “mèo” có dấu thanh gì?', ['dấu huyền*', 'dấu sắc', 'dấu hỏi'], '“Mèo” mang dấu huyền.'),
    ],
  },
  {
    title: 'Lịch sử Việt Nam qua các triều đại',
    level: 'Cơ bản',
    summary: 'Hành trình từ Văn Lang – Âu Lạc đến triều Nguyễn qua câu chuyện, bản đồ và dòng thời gian dễ nhớ.',
    outcomes: [
      'Sắp xếp đúng thứ tự các triều đại phong kiến Việt Nam.',
      'Kể lại các chiến thắng chống ngoại xâm tiêu biểu.',
      'Liên hệ di tích lịch sử với từng thời kỳ.',
    ],
    audience: 'Học sinh THCS, THPT và người lớn yêu lịch sử nước nhà.',
    chapters: ['Chương 1: Buổi đầu dựng nước', 'Chương 2: Các triều đại phong kiến', 'Chương 3: Triều Nguyễn'],
    lessons: [
      'Văn Lang – Âu Lạc',
      'Nhà Lý và Thăng Long',
      'Nhà Trần và ba lần thắng Nguyên Mông',
      'Triều Nguyễn và kinh đô Huế',
    ],
    exam: 'Kiểm tra: các triều đại',
    quiz: [
      single('Vua Lý Thái Tổ dời đô về Thăng Long năm', ['1010*', '938', '1288'], 'Chiếu dời đô năm 1010.'),
      multiple(
        'Những chiến thắng nào thuộc thời nhà Trần?',
        ['Bạch Đằng 1288*', 'Đông Bộ Đầu 1258*', 'Chi Lăng 1427', 'Ngọc Hồi – Đống Đa 1789'],
        'Chi Lăng thuộc khởi nghĩa Lam Sơn; Ngọc Hồi – Đống Đa do Quang Trung chỉ huy.',
      ),
      single(
        'Kinh đô của triều Nguyễn đặt ở',
        ['Huế*', 'Thăng Long', 'Hoa Lư'],
        'Triều Nguyễn (1802–1945) đóng đô ở Phú Xuân – Huế.',
      ),
    ],
  },
  {
    title: 'Địa lý 12: Ôn thi tốt nghiệp',
    level: 'Trung bình',
    summary: 'Ôn Địa lý tự nhiên, dân cư và các vùng kinh tế Việt Nam, luyện câu hỏi biểu đồ và bảng số liệu.',
    outcomes: [
      'Trình bày đặc điểm tự nhiên và dân cư Việt Nam.',
      'Nhận dạng và nhận xét biểu đồ, bảng số liệu trong đề.',
      'So sánh thế mạnh của bảy vùng kinh tế.',
    ],
    audience: 'Học sinh lớp 12 thi tổ hợp Khoa học xã hội.',
    chapters: ['Chương 1: Địa lý tự nhiên', 'Chương 2: Dân cư và kinh tế', 'Chương 3: Các vùng kinh tế'],
    lessons: [
      'Vị trí địa lý và phạm vi lãnh thổ',
      'Dân số và phân bố dân cư',
      'Nhận xét biểu đồ và bảng số liệu',
      'Đồng bằng sông Cửu Long',
    ],
    exam: 'Kiểm tra: địa lý Việt Nam',
    quiz: [
      single(
        'Đồng bằng lớn nhất nước ta là',
        ['Đồng bằng sông Cửu Long*', 'Đồng bằng sông Hồng', 'Đồng bằng duyên hải miền Trung'],
        'Đồng bằng sông Cửu Long rộng khoảng 40.000 km².',
      ),
      multiple(
        'Những biểu đồ nào thích hợp để thể hiện cơ cấu?',
        ['Biểu đồ tròn*', 'Biểu đồ miền*', 'Biểu đồ đường', 'Biểu đồ cột ghép'],
        'Cơ cấu dùng biểu đồ tròn (ít năm) hoặc miền (nhiều năm).',
      ),
      single(
        'Khí hậu nước ta mang tính chất',
        ['nhiệt đới ẩm gió mùa*', 'ôn đới lục địa', 'cận cực'],
        'Việt Nam nằm trong vùng nhiệt đới, chịu ảnh hưởng gió mùa.',
      ),
    ],
  },
  {
    title: 'Kỹ năng đọc Atlat Địa lý Việt Nam',
    level: 'Cơ bản',
    summary: 'Đọc kí hiệu, tìm đúng trang và khai thác Atlat để trả lời nhanh các câu hỏi Địa lý.',
    outcomes: [
      'Nhớ vị trí các trang Atlat thường dùng.',
      'Đọc kí hiệu, thang màu và biểu đồ trong Atlat.',
      'Trả lời câu hỏi Atlat trong vòng 30 giây.',
    ],
    audience: 'Học sinh lớp 9 và lớp 12 ôn thi môn Địa lý.',
    chapters: ['Chương 1: Làm quen Atlat', 'Chương 2: Atlat tự nhiên', 'Chương 3: Atlat kinh tế'],
    lessons: ['Trang kí hiệu chung', 'Đọc bản đồ địa hình', 'Khí hậu và sông ngòi', 'Công nghiệp và nông nghiệp'],
    exam: 'Kiểm tra: đọc Atlat',
    quiz: [
      single(
        'Trong Atlat, vùng có màu nâu đậm trên bản đồ địa hình thể hiện',
        ['núi cao*', 'đồng bằng', 'biển sâu'],
        'Thang màu địa hình: càng cao càng nâu đậm.',
      ),
      multiple(
        'Những tỉnh nào giáp biển?',
        ['Quảng Ninh*', 'Khánh Hòa*', 'Lai Châu', 'Gia Lai'],
        'Lai Châu và Gia Lai không giáp biển.',
      ),
      single('Đỉnh núi cao nhất Việt Nam là', ['Phan-xi-păng*', 'Ngọc Linh', 'Bạch Mã'], 'Phan-xi-păng cao 3.143 m.'),
    ],
  },
  {
    title: 'Lịch sử thế giới hiện đại',
    level: 'Trung bình',
    summary:
      'Những biến động lớn của thế giới từ sau năm 1945: Chiến tranh lạnh, phong trào giải phóng dân tộc và toàn cầu hóa.',
    outcomes: [
      'Trình bày nguyên nhân và hệ quả của Chiến tranh lạnh.',
      'Nêu sự ra đời và vai trò của Liên hợp quốc, ASEAN.',
      'Giải thích xu thế toàn cầu hóa hiện nay.',
    ],
    audience: 'Học sinh lớp 11, 12 và người đọc quan tâm đến thời sự quốc tế.',
    chapters: ['Chương 1: Trật tự thế giới sau 1945', 'Chương 2: Chiến tranh lạnh', 'Chương 3: Thế giới ngày nay'],
    lessons: ['Hội nghị Ianta và Liên hợp quốc', 'Hai cực Xô – Mỹ', 'Sự ra đời của ASEAN', 'Toàn cầu hóa'],
    exam: 'Kiểm tra: thế giới sau 1945',
    quiz: [
      single(
        'Liên hợp quốc được thành lập năm',
        ['1945*', '1919', '1967'],
        'Hiến chương Liên hợp quốc có hiệu lực ngày 24/10/1945.',
      ),
      multiple(
        'Những nước nào là thành viên sáng lập ASEAN năm 1967?',
        ['Thái Lan*', 'Indonesia*', 'Việt Nam', 'Campuchia'],
        'Năm nước sáng lập: Indonesia, Malaysia, Philippines, Singapore, Thái Lan. Việt Nam gia nhập năm 1995.',
      ),
      single(
        'Chiến tranh lạnh kết thúc vào năm',
        ['1989*', '1975', '2001'],
        'Gặp gỡ Malta cuối năm 1989 chấm dứt Chiến tranh lạnh.',
      ),
    ],
  },
  {
    title: 'Khám phá Đà Nẵng và miền Trung',
    level: 'Cơ bản',
    summary: 'Địa lý, lịch sử và văn hóa miền Trung qua những điểm đến: Hải Vân, Hội An, Mỹ Sơn, cố đô Huế.',
    outcomes: [
      'Xác định vị trí và đặc điểm tự nhiên của duyên hải miền Trung.',
      'Kể về các di sản thế giới ở miền Trung.',
      'Hiểu cách người dân thích ứng với bão lũ.',
    ],
    audience: 'Học sinh, giáo viên và du khách muốn hiểu thêm về miền Trung.',
    chapters: ['Chương 1: Thiên nhiên miền Trung', 'Chương 2: Di sản văn hóa', 'Chương 3: Con người và thiên tai'],
    lessons: ['Đèo Hải Vân và dãy Trường Sơn', 'Phố cổ Hội An', 'Thánh địa Mỹ Sơn', 'Sống chung với bão lũ'],
    exam: 'Đố vui về miền Trung',
    quiz: [
      single(
        'Đèo Hải Vân nằm giữa',
        ['Thừa Thiên Huế và Đà Nẵng*', 'Quảng Nam và Quảng Ngãi', 'Hà Tĩnh và Quảng Bình'],
        'Hải Vân là ranh giới tự nhiên giữa Huế và Đà Nẵng.',
      ),
      multiple(
        'Những di sản nào ở miền Trung được UNESCO công nhận?',
        ['Phố cổ Hội An*', 'Thánh địa Mỹ Sơn*', 'Quần thể di tích Cố đô Huế*', 'Vịnh Hạ Long'],
        'Vịnh Hạ Long ở Quảng Ninh, miền Bắc.',
      ),
      single(
        'Mùa mưa bão ở miền Trung thường vào',
        ['tháng 9 đến tháng 12*', 'tháng 1 đến tháng 3', 'tháng 5 đến tháng 7'],
        'Mưa bão tập trung vào thu – đông.',
      ),
    ],
  },
  {
    title: 'Giáo dục công dân 12 trọng tâm',
    level: 'Trung bình',
    summary:
      'Pháp luật và đời sống: quyền bình đẳng, quyền tự do cơ bản và quyền dân chủ của công dân, kèm tình huống thực tế.',
    outcomes: [
      'Phân biệt các loại vi phạm pháp luật và trách nhiệm pháp lý.',
      'Nêu quyền bình đẳng của công dân trong các lĩnh vực.',
      'Xử lý tình huống pháp luật thường gặp trong đề thi.',
    ],
    audience: 'Học sinh lớp 12 thi tổ hợp Khoa học xã hội.',
    chapters: ['Chương 1: Pháp luật và đời sống', 'Chương 2: Quyền bình đẳng', 'Chương 3: Quyền tự do và dân chủ'],
    lessons: [
      'Vi phạm pháp luật',
      'Bình đẳng trong hôn nhân và gia đình',
      'Quyền bất khả xâm phạm về thân thể',
      'Quyền bầu cử và ứng cử',
    ],
    exam: 'Kiểm tra: pháp luật và quyền công dân',
    quiz: [
      single(
        'Công dân đủ bao nhiêu tuổi thì có quyền bầu cử?',
        ['18 tuổi*', '16 tuổi', '21 tuổi'],
        'Hiến pháp 2013: công dân đủ 18 tuổi có quyền bầu cử.',
      ),
      multiple(
        'Những loại vi phạm pháp luật nào có trong chương trình?',
        ['Vi phạm hình sự*', 'Vi phạm hành chính*', 'Vi phạm dân sự*', 'Vi phạm thời tiết'],
        'Bốn loại: hình sự, hành chính, dân sự và kỷ luật.',
      ),
      single(
        'Tự ý bắt giữ người không có căn cứ là vi phạm quyền',
        ['bất khả xâm phạm về thân thể*', 'tự do ngôn luận', 'bầu cử'],
        'Không ai bị bắt nếu không có quyết định của cơ quan có thẩm quyền.',
      ),
    ],
  },
];

/** Each demo news post's own words: its summary and the two points its body develops (by title). */
export const NEWS_TEXT: Record<string, [string, string, string]> = {
  'Bộ Giáo dục công bố cấu trúc đề thi tốt nghiệp THPT 2027': [
    'Đề thi năm 2027 giữ ba dạng câu hỏi: trắc nghiệm nhiều lựa chọn, đúng sai và trả lời ngắn.',
    'Môn Toán có 22 câu, thời gian làm bài 90 phút; các môn tự chọn làm trong 50 phút.',
    'Học sinh nên luyện dạng câu đúng sai sớm vì cách tính điểm khác với trắc nghiệm thông thường.',
  ],
  'Chương trình giáo dục phổ thông mới: những điểm phụ huynh cần biết': [
    'Chương trình mới chú trọng năng lực và cho học sinh THPT chọn môn theo định hướng nghề nghiệp.',
    'Từ lớp 10, học sinh học các môn bắt buộc và chọn bốn môn theo sở thích.',
    'Phụ huynh nên cùng con tìm hiểu tổ hợp môn trước khi nộp hồ sơ vào lớp 10.',
  ],
  'Chuyển đổi số trong nhà trường: từ sổ điểm điện tử đến lớp học trực tuyến': [
    'Nhiều trường đã bỏ sổ điểm giấy, dùng học bạ số và giao bài tập qua nền tảng trực tuyến.',
    'Giáo viên tiết kiệm thời gian nhập điểm, phụ huynh xem kết quả học tập ngay trên điện thoại.',
    'Thách thức lớn nhất vẫn là thiết bị và đường truyền ở vùng khó khăn.',
  ],
  'Học sinh Đà Nẵng giành 5 huy chương Olympic Toán quốc tế': [
    'Đội tuyển Toán của thành phố mang về hai huy chương vàng và ba huy chương bạc.',
    'Các em luyện tập hơn một năm với chuyên đề tổ hợp và hình học.',
    'Thầy cô chia sẻ bí quyết: tự học mỗi ngày và không ngại hỏi khi chưa hiểu.',
  ],
  'Tăng cường giáo dục kỹ năng sống trong trường học': [
    'Kỹ năng tự bảo vệ, quản lý cảm xúc và làm việc nhóm được đưa vào giờ sinh hoạt lớp.',
    'Mỗi học kỳ, học sinh tham gia ít nhất một hoạt động trải nghiệm thực tế.',
    'Nhà trường phối hợp với phụ huynh để duy trì thói quen tốt ở nhà.',
  ],
  'Nhiều trường đại học mở ngành mới về trí tuệ nhân tạo': [
    'Hơn mười trường đại học tuyển sinh ngành trí tuệ nhân tạo và khoa học dữ liệu năm nay.',
    'Tổ hợp xét tuyển chủ yếu có Toán, Vật lý và Tiếng Anh.',
    'Học sinh nên làm quen với lập trình Python từ bậc THPT.',
  ],
  'Sức khỏe học đường: ngủ đủ giấc giúp học tốt hơn': [
    'Học sinh THPT cần ngủ từ 8 đến 10 tiếng mỗi đêm để ghi nhớ tốt.',
    'Thức khuya ôn bài làm giảm khả năng tập trung vào ngày hôm sau.',
    'Tắt điện thoại 30 phút trước khi ngủ giúp giấc ngủ sâu hơn.',
  ],
  'Học trực tuyến ở vùng cao: khi sóng di động đến bản': [
    'Sóng 4G phủ đến các điểm trường giúp học sinh vùng cao xem bài giảng trên điện thoại.',
    'Bài giảng ngắn, chất lượng video thấp giúp tiết kiệm dung lượng di động.',
    'Thầy cô cắm bản dùng nhóm lớp trực tuyến để nhắc học sinh ôn bài.',
  ],
  'Thư viện số miễn phí cho học sinh tiểu học': [
    'Thư viện số mở miễn phí hàng trăm đầu truyện và sách tham khảo cho học sinh tiểu học.',
    'Sách có giọng đọc mẫu, phù hợp cho bé mới biết đọc.',
    'Phụ huynh có thể đặt giờ đọc mỗi tối để con hình thành thói quen.',
  ],
  'Lịch thi vào lớp 10 năm học 2027–2028 tại Hà Nội': [
    'Kỳ thi vào lớp 10 công lập tại Hà Nội dự kiến diễn ra vào đầu tháng 6.',
    'Thí sinh thi ba bài: Ngữ văn, Toán và Ngoại ngữ; trường chuyên có thêm môn chuyên.',
    'Học sinh đăng ký nguyện vọng trực tuyến trong tháng 4.',
  ],
  'Điểm chuẩn lớp 10 các trường THPT chuyên năm 2026': [
    'Điểm chuẩn các lớp chuyên Toán, Tin tăng nhẹ so với năm trước.',
    'Lớp chuyên Anh vẫn có tỉ lệ chọi cao nhất.',
    'Thí sinh nên tham khảo điểm chuẩn ba năm gần nhất để đặt nguyện vọng an toàn.',
  ],
  'Hướng dẫn đăng ký nguyện vọng xét tuyển đại học': [
    'Thí sinh đăng ký nguyện vọng trên hệ thống chung của Bộ Giáo dục và Đào tạo.',
    'Không giới hạn số nguyện vọng; nguyện vọng xếp trên được ưu tiên xét trước.',
    'Nên đặt ngành yêu thích nhất lên đầu và có ít nhất một nguyện vọng an toàn.',
  ],
  'Các phương thức xét tuyển đại học năm 2027': [
    'Ngoài điểm thi tốt nghiệp, các trường còn xét học bạ, chứng chỉ quốc tế và thi đánh giá năng lực.',
    'Mỗi phương thức có chỉ tiêu riêng, công bố trong đề án tuyển sinh của trường.',
    'Thí sinh nên chuẩn bị hai phương thức để tăng cơ hội trúng tuyển.',
  ],
  'Thi đánh giá năng lực: cấu trúc và cách ôn tập': [
    'Bài thi đánh giá năng lực kiểm tra tư duy định lượng, định tính và giải quyết vấn đề.',
    'Đề có 150 câu trắc nghiệm làm trong 150 phút.',
    'Luyện tốc độ đọc hiểu và tính nhẩm là chìa khóa để làm kịp giờ.',
  ],
  'Học bổng toàn phần cho học sinh có hoàn cảnh khó khăn': [
    'Quỹ học bổng năm nay trao 200 suất toàn phần cho học sinh THPT vượt khó học giỏi.',
    'Hồ sơ gồm học bạ, xác nhận hoàn cảnh gia đình và thư giới thiệu của giáo viên.',
    'Hạn nộp hồ sơ là cuối tháng 12.',
  ],
  'Tuyển sinh lớp 6 trường chất lượng cao: những lưu ý': [
    'Các trường chất lượng cao xét học bạ tiểu học kết hợp bài đánh giá năng lực.',
    'Bài đánh giá gồm Toán, Tiếng Việt và Tiếng Anh ở mức cơ bản.',
    'Phụ huynh không nên cho con luyện thi quá sức trong hè.',
  ],
  'Mùa tuyển sinh 2027: ngành nào đang được quan tâm?': [
    'Công nghệ thông tin, logistics và thiết kế đồ họa tiếp tục thu hút nhiều thí sinh.',
    'Các ngành sư phạm tăng sức hút nhờ chính sách miễn học phí.',
    'Chọn ngành nên dựa vào sở thích và năng lực, không chạy theo trào lưu.',
  ],
  'Thí sinh tự do cần chuẩn bị gì cho kỳ thi tốt nghiệp?': [
    'Thí sinh tự do đăng ký dự thi tại sở giáo dục nơi cư trú.',
    'Cần chuẩn bị bản sao học bạ, giấy tờ tùy thân và ảnh thẻ.',
    'Nên ôn theo cấu trúc đề mới vì nhiều dạng câu hỏi đã thay đổi.',
  ],
  'Năm mẹo ôn thi môn Toán đạt điểm cao': [
    'Ôn theo chuyên đề, làm đề bấm giờ và ghi lại lỗi sai là ba thói quen của học sinh điểm cao.',
    'Làm câu dễ trước, đánh dấu câu khó để quay lại sau.',
    'Mỗi tuần tự làm một đề hoàn chỉnh trong 90 phút.',
  ],
  'Phương pháp Pomodoro: học 25 phút, nghỉ 5 phút': [
    'Chia thời gian học thành các phiên 25 phút giúp giữ tập trung và đỡ mệt.',
    'Sau bốn phiên, nghỉ dài 15 đến 30 phút.',
    'Trong phiên học, cất điện thoại ra xa để tránh bị phân tâm.',
  ],
  'Học từ vựng tiếng Anh mỗi ngày không nhàm chán': [
    'Học 5 đến 10 từ mỗi ngày theo chủ đề và dùng ngay trong câu của mình.',
    'Thẻ ghi nhớ và ôn lặp lại ngắt quãng giúp nhớ lâu.',
    'Nghe bài hát, xem phim có phụ đề để gặp lại từ trong ngữ cảnh.',
  ],
  'Cách lập kế hoạch ôn thi 100 ngày': [
    'Chia 100 ngày thành ba giai đoạn: hệ thống kiến thức, luyện chuyên đề và luyện đề.',
    'Mỗi tuần dành một buổi tự kiểm tra để điều chỉnh kế hoạch.',
    'Đừng quên ngày nghỉ: não cần thời gian để ghi nhớ.',
  ],
  'Vượt qua áp lực thi cử: lời khuyên từ chuyên gia tâm lý': [
    'Lo lắng trước kỳ thi là bình thường; quan trọng là nhận ra và chia sẻ với người thân.',
    'Hít thở sâu, vận động nhẹ và ngủ đủ giúp giảm căng thẳng.',
    'Đặt mục tiêu vừa sức thay vì so sánh với bạn bè.',
  ],
  'Ghi chép thông minh với sơ đồ tư duy': [
    'Sơ đồ tư duy đặt ý chính ở giữa và tỏa nhánh ra các ý phụ.',
    'Dùng màu sắc và hình vẽ nhỏ giúp nhớ nhanh hơn.',
    'Vẽ lại sơ đồ từ trí nhớ là cách ôn bài hiệu quả.',
  ],
  'Đồng hành cùng con học trực tuyến: bí quyết cho phụ huynh': [
    'Chọn góc học yên tĩnh, đủ sáng và cố định giờ học mỗi ngày.',
    'Cùng con xem lại tiến độ học mỗi cuối tuần.',
    'Khen ngợi nỗ lực của con thay vì chỉ nhìn điểm số.',
  ],
  'Luyện nghe tiếng Anh qua phim và bài hát': [
    'Bắt đầu với phim hoạt hình có phụ đề tiếng Anh, tốc độ nói chậm.',
    'Nghe lại một đoạn ngắn nhiều lần và chép chính tả.',
    'Hát theo lời bài hát giúp quen với nối âm và ngữ điệu.',
  ],
  'Làm bài thi trắc nghiệm: tránh những lỗi thường gặp': [
    'Đọc kỹ từ phủ định như “không”, “sai” trong câu hỏi.',
    'Tô đáp án ngay sau mỗi câu để không bị lệch dòng.',
    'Không bỏ trống câu nào vì trả lời sai không bị trừ điểm.',
  ],
  'Học Địa lý bằng Atlat hiệu quả': [
    'Atlat Địa lý Việt Nam là tài liệu được mang vào phòng thi, hãy tận dụng.',
    'Nhớ vị trí các trang thường dùng: hành chính, khí hậu, dân số và các vùng kinh tế.',
    'Luyện đọc kí hiệu để trả lời nhanh câu hỏi Atlat.',
  ],
  'Khai Trí ra mắt ứng dụng học tập mới': [
    'Ứng dụng mới cho phép tải bài giảng về máy để học khi không có mạng.',
    'Chế độ tiết kiệm dữ liệu giới hạn chất lượng video ở 360p.',
    'Ứng dụng nhắc lịch học mỗi ngày theo giờ bạn chọn.',
  ],
  'Ngày hội học tập trực tuyến 2026 thu hút 50.000 học sinh': [
    'Ngày hội gồm các buổi học thử, tọa đàm tuyển sinh và thi đố vui trực tuyến.',
    'Học sinh ở 63 tỉnh thành tham gia qua điện thoại.',
    'Các bài giảng được phát lại miễn phí trong một tháng.',
  ],
  'Khai Trí đồng hành cùng học sinh miền Trung sau bão': [
    'Khai Trí tặng tài khoản học miễn phí ba tháng cho học sinh vùng bị ảnh hưởng bởi bão.',
    'Các trường trong vùng lũ được hỗ trợ lớp học trực tuyến trong thời gian sửa chữa.',
    'Tình nguyện viên giúp học sinh cài đặt và đăng nhập ứng dụng.',
  ],
  'Cuộc thi “Em yêu tiếng Anh” mùa thứ ba chính thức khởi động': [
    'Cuộc thi dành cho học sinh tiểu học và THCS, gồm vòng trực tuyến và vòng chung kết.',
    'Thí sinh làm bài nghe, đọc và quay video giới thiệu bản thân bằng tiếng Anh.',
    'Giải thưởng gồm học bổng khóa học và bộ sách tiếng Anh.',
  ],
  'Ký kết hợp tác chuyển đổi số với 120 trường học': [
    '120 trường học sẽ dùng nền tảng Khai Trí để quản lý lớp học và giao bài trực tuyến.',
    'Giáo viên được tập huấn sử dụng trước khi triển khai.',
    'Phụ huynh nhận thông báo học tập của con qua sổ liên lạc điện tử.',
  ],
  'Trao 1.000 suất học bổng khóa học trực tuyến': [
    '1.000 học sinh có thành tích tốt nhận học bổng khóa học trực tuyến trong một năm.',
    'Học bổng được trao qua mã kích hoạt gửi về nhà trường.',
    'Học sinh chọn khóa học phù hợp với mục tiêu của mình.',
  ],
  'Hội thảo “Phụ huynh thông thái trong thời đại số”': [
    'Hội thảo chia sẻ cách quản lý thời gian dùng thiết bị của trẻ.',
    'Chuyên gia hướng dẫn cách chọn ứng dụng học tập an toàn.',
    'Phụ huynh được giải đáp trực tiếp các băn khoăn về học trực tuyến.',
  ],
  'Khai Trí tại Ngày hội tư vấn tuyển sinh Đà Nẵng': [
    'Gian hàng Khai Trí giới thiệu các khóa ôn thi tốt nghiệp và luyện đề trực tuyến.',
    'Học sinh được làm bài thi thử miễn phí ngay tại ngày hội.',
    'Giáo viên tư vấn lộ trình ôn tập cho từng tổ hợp môn.',
  ],
  'Video: Giải nhanh bài toán cực trị hàm số': [
    'Video hướng dẫn tìm cực trị hàm số bằng bảng biến thiên trong vòng 2 phút.',
    'Ví dụ với hàm bậc ba và hàm bậc bốn trùng phương.',
    'Mẹo kiểm tra lại kết quả bằng máy tính cầm tay.',
  ],
  'Video: 10 cấu trúc tiếng Anh hay gặp trong đề thi': [
    'Mười cấu trúc câu xuất hiện nhiều nhất trong đề thi tốt nghiệp môn Tiếng Anh.',
    'Mỗi cấu trúc có ví dụ và bài tập nhanh.',
    'Kèm mẹo phân biệt các cấu trúc dễ nhầm.',
  ],
  'Video: Ôn tập Lịch sử Việt Nam 1945–1975': [
    'Tóm tắt các mốc chính của lịch sử Việt Nam từ 1945 đến 1975.',
    'Sơ đồ dòng thời gian giúp nhớ thứ tự sự kiện.',
    'Câu hỏi ôn tập cuối video có đáp án.',
  ],
  'Video: Thí nghiệm vui về áp suất không khí': [
    'Thí nghiệm úp cốc nước có tấm bìa mà nước không đổ.',
    'Giải thích hiện tượng bằng áp suất khí quyển.',
    'Lưu ý an toàn khi tự làm ở nhà.',
  ],
  'Video: Hướng dẫn lập trình Scratch trò chơi đầu tiên': [
    'Làm trò chơi mèo đuổi chuột bằng Scratch trong 15 phút.',
    'Dùng khối lệnh sự kiện, chuyển động và vòng lặp.',
    'Gợi ý mở rộng: thêm điểm số và âm thanh.',
  ],
  'Video: Kỹ năng thuyết trình trước lớp': [
    'Ba bước chuẩn bị một bài thuyết trình năm phút trước lớp.',
    'Cách đứng, nhìn và dùng giọng nói tự tin.',
    'Xử lý khi quên ý giữa chừng.',
  ],
  'Video: Mẹo nhớ công thức Hóa học': [
    'Mẹo nhớ dãy hoạt động hóa học của kim loại bằng câu vần.',
    'Cách nhớ hóa trị các nguyên tố thường gặp.',
    'Bài tập áp dụng có lời giải.',
  ],
};

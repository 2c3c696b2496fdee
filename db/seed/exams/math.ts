/** Sample exam: Toán, THPT 2025 structure (12 + 4 + 6 questions, 90 minutes), original questions. */
import type { ExamInput } from '../../../modules/exams/index.ts';
import { mc, sa, tf } from './build.ts';

const CALCULUS = 'Đạo hàm và khảo sát hàm số';
const INTEGRALS = 'Nguyên hàm và tích phân';
const SPACE = 'Hình học tọa độ Oxyz';
const EXPLOG = 'Mũ và lôgarit';
const PROBABILITY = 'Xác suất và thống kê';
const SEQUENCES = 'Dãy số, cấp số';

export const mathExam: ExamInput = {
  slug: 'de-mau-toan-thpt-2025',
  title: 'Đề mẫu Toán — cấu trúc thi tốt nghiệp THPT 2025',
  subject: 'toan',
  template: 'thpt_math',
  description:
    'Đề gốc của Khai Trí theo định dạng 2025: 12 câu nhiều lựa chọn, 4 câu đúng sai, 6 câu trả lời ngắn; 90 phút.',
  questions: [
    mc(
      'Đạo hàm của hàm số $y = x^3 - 3x + 1$ là',
      ["$y' = 3x^2 - 3$", "$y' = 3x^2 + 3$", "$y' = x^2 - 3$", "$y' = 3x^2 - 3x$"],
      'A',
      "Ta có $(x^3)' = 3x^2$, $(-3x)' = -3$ và đạo hàm của hằng số bằng 0, nên $y' = 3x^2 - 3$.",
      CALCULUS,
    ),
    mc(
      'Hàm số $y = x^3 - 3x + 1$ đạt cực đại tại',
      ['$x = 1$', '$x = -1$', '$x = 0$', '$x = 3$'],
      'B',
      "$y' = 3x^2 - 3 = 0 \\Leftrightarrow x = \\pm 1$. $y'' = 6x$, $y''(-1) = -6 < 0$ nên hàm số đạt cực đại tại $x = -1$ (và cực tiểu tại $x = 1$).",
      CALCULUS,
      'medium',
    ),
    mc(
      'Tích phân $\\displaystyle\\int_0^1 2x\\,dx$ bằng',
      ['$2$', '$\\frac{1}{2}$', '$1$', '$0$'],
      'C',
      '$\\displaystyle\\int_0^1 2x\\,dx = \\left. x^2 \\right|_0^1 = 1 - 0 = 1$.',
      INTEGRALS,
    ),
    mc(
      'Họ nguyên hàm của hàm số $f(x) = \\cos x$ là',
      ['$-\\sin x + C$', '$\\sin x + C$', '$\\cos x + C$', '$-\\cos x + C$'],
      'B',
      "Vì $(\\sin x)' = \\cos x$ nên $\\int \\cos x\\,dx = \\sin x + C$.",
      INTEGRALS,
    ),
    mc(
      'Tiệm cận đứng của đồ thị hàm số $y = \\dfrac{2x + 1}{x - 1}$ là đường thẳng',
      ['$x = 2$', '$x = -1$', '$y = 2$', '$x = 1$'],
      'D',
      'Mẫu số bằng 0 khi $x = 1$, còn tử số tại đó bằng $3 \\ne 0$, nên $\\lim_{x \\to 1^+} y = +\\infty$: tiệm cận đứng là $x = 1$. ($y = 2$ là tiệm cận ngang.)',
      CALCULUS,
    ),
    mc(
      'Cho cấp số cộng $(u_n)$ có $u_1 = 2$ và công sai $d = 3$. Số hạng $u_{10}$ bằng',
      ['$29$', '$32$', '$30$', '$27$'],
      'A',
      '$u_{10} = u_1 + 9d = 2 + 9 \\cdot 3 = 29$.',
      SEQUENCES,
    ),
    mc(
      'Trong không gian $Oxyz$, cho $\\vec a = (1; 2; 2)$. Độ dài của $\\vec a$ bằng',
      ['$5$', '$3$', '$9$', '$\\sqrt 5$'],
      'B',
      '$|\\vec a| = \\sqrt{1^2 + 2^2 + 2^2} = \\sqrt 9 = 3$.',
      SPACE,
    ),
    mc(
      'Trong không gian $Oxyz$, mặt phẳng $(P): 2x - y + 2z - 3 = 0$ có một vectơ pháp tuyến là',
      ['$(2; 1; 2)$', '$(2; -1; -2)$', '$(2; -1; 2)$', '$(-1; 2; 2)$'],
      'C',
      'Mặt phẳng $ax + by + cz + d = 0$ có vectơ pháp tuyến $(a; b; c)$, ở đây là $(2; -1; 2)$.',
      SPACE,
    ),
    mc(
      'Nghiệm của phương trình $\\log_2 (x - 1) = 3$ là',
      ['$x = 7$', '$x = 8$', '$x = 10$', '$x = 9$'],
      'D',
      'Điều kiện $x > 1$. $\\log_2(x - 1) = 3 \\Leftrightarrow x - 1 = 2^3 = 8 \\Leftrightarrow x = 9$ (thỏa điều kiện).',
      EXPLOG,
    ),
    mc(
      'Tập nghiệm của bất phương trình $2^x > 8$ là',
      ['$(3; +\\infty)$', '$[3; +\\infty)$', '$(-\\infty; 3)$', '$(4; +\\infty)$'],
      'A',
      '$2^x > 8 = 2^3 \\Leftrightarrow x > 3$ (cơ số $2 > 1$ nên giữ chiều bất đẳng thức). Tập nghiệm $(3; +\\infty)$.',
      EXPLOG,
    ),
    mc(
      'Gieo một con xúc xắc cân đối và đồng chất. Xác suất để mặt xuất hiện có số chấm chẵn là',
      ['$\\frac{1}{3}$', '$\\frac{1}{2}$', '$\\frac{1}{6}$', '$\\frac{2}{3}$'],
      'B',
      'Có 6 kết quả đồng khả năng, trong đó 3 kết quả chẵn (2, 4, 6). Xác suất $\\frac{3}{6} = \\frac{1}{2}$.',
      PROBABILITY,
    ),
    mc(
      'Khoảng biến thiên của mẫu số liệu $3; 5; 8; 10; 12$ là',
      ['$12$', '$7$', '$9$', '$8$'],
      'C',
      'Khoảng biến thiên = giá trị lớn nhất − giá trị nhỏ nhất $= 12 - 3 = 9$.',
      PROBABILITY,
    ),
    tf(
      'Cho hàm số $f(x) = x^3 - 3x^2 + 2$.',
      [
        "$f'(x) = 3x^2 - 6x$.",
        'Hàm số đồng biến trên khoảng $(0; 2)$.',
        'Giá trị cực tiểu của hàm số bằng $-2$.',
        'Giá trị lớn nhất của $f(x)$ trên đoạn $[-1; 3]$ bằng $3$.',
      ],
      [true, false, true, false],
      "a) Đúng. b) Sai: $f'(x) = 3x(x - 2) < 0$ trên $(0; 2)$ nên hàm số nghịch biến trên khoảng đó. c) Đúng: cực tiểu tại $x = 2$, $f(2) = 8 - 12 + 2 = -2$. d) Sai: $f(-1) = -2$, $f(0) = 2$, $f(2) = -2$, $f(3) = 2$, nên giá trị lớn nhất là $2$.",
      CALCULUS,
    ),
    tf(
      'Trong không gian $Oxyz$, cho $A(1; 0; 0)$, $B(0; 2; 0)$, $C(0; 0; 3)$.',
      [
        '$\\overrightarrow{AB} = (-1; 2; 0)$.',
        'Mặt phẳng $(ABC)$ có phương trình $\\dfrac{x}{1} + \\dfrac{y}{2} + \\dfrac{z}{3} = 1$.',
        'Độ dài đoạn $AB$ bằng $5$.',
        'Trung điểm của đoạn $BC$ là $M(0; 1; 1{,}5)$.',
      ],
      [true, true, false, true],
      'a) Đúng: $\\overrightarrow{AB} = (0 - 1; 2 - 0; 0 - 0)$. b) Đúng: phương trình mặt phẳng theo đoạn chắn. c) Sai: $AB = \\sqrt{1 + 4} = \\sqrt 5$. d) Đúng: $M\\left(0; \\frac{2}{2}; \\frac{3}{2}\\right)$.',
      SPACE,
    ),
    tf(
      'Cho $F(x)$ là một nguyên hàm của $f(x) = 2x + 1$ thỏa mãn $F(0) = 1$.',
      [
        '$F(x) = x^2 + x + 1$.',
        '$F(1) = 2$.',
        '$\\displaystyle\\int_0^2 f(x)\\,dx = 6$.',
        'Diện tích hình phẳng giới hạn bởi $y = 2x + 1$, trục hoành và các đường $x = 0$, $x = 1$ bằng $3$.',
      ],
      [true, false, true, false],
      'a) Đúng: $F(x) = x^2 + x + C$, $F(0) = C = 1$. b) Sai: $F(1) = 3$. c) Đúng: $\\left. (x^2 + x) \\right|_0^2 = 6$. d) Sai: trên $[0; 1]$ có $2x + 1 > 0$ nên $S = \\int_0^1 (2x + 1)\\,dx = 1 + 1 = 2$.',
      INTEGRALS,
    ),
    tf(
      'Một hộp có 5 viên bi đỏ và 3 viên bi xanh. Lấy ngẫu nhiên đồng thời 2 viên bi.',
      [
        'Số cách lấy là $C_8^2 = 28$.',
        'Xác suất lấy được 2 viên bi đỏ bằng $\\dfrac{5}{14}$.',
        'Xác suất lấy được 2 viên bi xanh bằng $\\dfrac{3}{28}$.',
        'Xác suất lấy được 2 viên bi khác màu bằng $\\dfrac{15}{56}$.',
      ],
      [true, true, true, false],
      'a) Đúng. b) Đúng: $\\frac{C_5^2}{28} = \\frac{10}{28} = \\frac{5}{14}$. c) Đúng: $\\frac{C_3^2}{28} = \\frac{3}{28}$. d) Sai: $\\frac{5 \\cdot 3}{28} = \\frac{15}{28}$ (kiểm tra: $\\frac{10 + 3 + 15}{28} = 1$).',
      PROBABILITY,
    ),
    sa(
      'Tính giá trị của biểu thức $\\log_2 \\dfrac{\\sqrt 2}{4}$.',
      '-1,5',
      '$\\frac{\\sqrt 2}{4} = 2^{\\frac12} \\cdot 2^{-2} = 2^{-\\frac32}$, nên $\\log_2 \\frac{\\sqrt 2}{4} = -\\frac{3}{2} = -1{,}5$. Trên phiếu: -1,5.',
      EXPLOG,
    ),
    sa(
      'Tìm giá trị nhỏ nhất của hàm số $y = x + \\dfrac{4}{x}$ trên khoảng $(0; +\\infty)$.',
      '4',
      "$y' = 1 - \\frac{4}{x^2} = 0 \\Leftrightarrow x = 2$ (vì $x > 0$); $y'$ đổi dấu từ âm sang dương tại $x = 2$, nên giá trị nhỏ nhất là $y(2) = 2 + 2 = 4$. (Hoặc theo bất đẳng thức Cô-si: $x + \\frac4x \\ge 2\\sqrt{4} = 4$.)",
      CALCULUS,
    ),
    sa(
      'Trong không gian $Oxyz$, tính khoảng cách từ điểm $M(1; 2; 3)$ đến mặt phẳng $(P): 2x + 2y - z + 3 = 0$.',
      '2',
      '$d = \\dfrac{|2 \\cdot 1 + 2 \\cdot 2 - 3 + 3|}{\\sqrt{2^2 + 2^2 + 1^2}} = \\dfrac{6}{3} = 2$.',
      SPACE,
    ),
    sa(
      'Gieo hai đồng xu cân đối và đồng chất. Tính xác suất để có ít nhất một đồng xu xuất hiện mặt ngửa (viết dưới dạng số thập phân).',
      '0,75',
      'Biến cố đối là "cả hai đều sấp", có xác suất $\\frac12 \\cdot \\frac12 = \\frac14$. Vậy xác suất cần tìm là $1 - \\frac14 = 0{,}75$.',
      PROBABILITY,
    ),
    sa(
      'Một vật chuyển động với vận tốc $v(t) = 3t^2 + 2$ (m/s), $t$ tính bằng giây. Tính quãng đường (mét) vật đi được từ $t = 0$ đến $t = 2$.',
      '12',
      '$s = \\displaystyle\\int_0^2 (3t^2 + 2)\\,dt = \\left. (t^3 + 2t) \\right|_0^2 = 8 + 4 = 12$ (m).',
      INTEGRALS,
    ),
    sa(
      'Cho cấp số nhân $(u_n)$ có $u_1 = 3$ và công bội $q = -2$. Tính $u_4$.',
      '-24',
      '$u_4 = u_1 q^3 = 3 \\cdot (-2)^3 = -24$.',
      SEQUENCES,
    ),
  ],
};

/** The certificate as an A4 landscape PDF, in DejaVu Sans (it has every Vietnamese letter). */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDate } from '../../lib/format/date.ts';
import { embedVietnameseFonts } from '../../lib/pdf/vietnamese-fonts.ts';

export interface CertificateFacts {
  code: string;
  learner_name: string;
  course_title: string;
  issued_at: string;
  verify_url: string;
  site_name: string;
  contest: { score: number; max_score: number; rank: number | null; candidates: number | null } | null;
}

const points = (value: number) => value.toLocaleString('vi-VN', { maximumFractionDigits: 2 });

const BRAND = rgb(0.11, 0.31, 0.85);
const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.28, 0.33, 0.41);

function centred(page: PDFPage, text: string, font: PDFFont, size: number, y: number, color = INK) {
  let fitted = size;
  while (fitted > 10 && font.widthOfTextAtSize(text, fitted) > page.getWidth() - 120) fitted -= 1;
  const width = font.widthOfTextAtSize(text, fitted);
  page.drawText(text, { x: (page.getWidth() - width) / 2, y, size: fitted, font, color });
}

export async function renderCertificatePdf(facts: CertificateFacts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const { font, heavy } = await embedVietnameseFonts(pdf);
  pdf.setTitle(`Chứng chỉ ${facts.course_title} — ${facts.learner_name}`);
  pdf.setAuthor(facts.site_name);
  const contest = facts.contest;
  pdf.setSubject(`${contest ? 'Chứng nhận kết quả kỳ thi' : 'Chứng chỉ hoàn thành khóa học'}, mã ${facts.code}`);
  pdf.setKeywords([facts.code, facts.learner_name]);
  pdf.setCreationDate(new Date(facts.issued_at));

  const page = pdf.addPage([841.89, 595.28]); // A4 landscape, in points
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: BRAND, borderWidth: 4 });
  page.drawRectangle({ x: 36, y: 36, width: width - 72, height: height - 72, borderColor: BRAND, borderWidth: 1 });
  centred(page, facts.site_name.toUpperCase(), heavy, 18, height - 100, BRAND);
  centred(page, contest ? 'CHỨNG NHẬN KẾT QUẢ KỲ THI' : 'CHỨNG CHỈ HOÀN THÀNH KHÓA HỌC', heavy, 30, height - 160);
  centred(page, contest ? 'Chứng nhận thí sinh' : 'Chứng nhận học viên', font, 16, height - 215, MUTED);
  centred(page, facts.learner_name, heavy, 34, height - 265);
  centred(page, contest ? 'đã dự thi' : 'đã hoàn thành khóa học', font, 16, height - 310, MUTED);
  centred(page, facts.course_title, heavy, 22, height - 350);
  if (contest) {
    const rank =
      contest.rank !== null && contest.candidates !== null ? `   ·   Hạng ${contest.rank}/${contest.candidates}` : '';
    centred(page, `Điểm ${points(contest.score)}/${points(contest.max_score)}${rank}`, heavy, 18, height - 390, BRAND);
  }
  centred(page, `Ngày cấp: ${formatDate(facts.issued_at)}   ·   Mã chứng chỉ: ${facts.code}`, font, 13, 120, MUTED);
  centred(page, `Xác minh tại ${facts.verify_url}`, font, 11, 96, MUTED);
  return pdf.save();
}

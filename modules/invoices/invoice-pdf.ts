/** The invoice as an A4 portrait PDF (the simulator's rendition; a real provider serves its own). */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDate, formatDateTime } from '../../lib/format/date.ts';
import { formatAmount } from '../../lib/format/money.ts';
import { embedVietnameseFonts } from '../../lib/pdf/vietnamese-fonts.ts';

export interface InvoicePdfFacts {
  kind: 'original' | 'adjustment';
  template: string;
  series: string;
  number: number;
  lookupCode: string;
  issuedAt: Date;
  seller: { name: string; taxCode: string; address: string };
  buyer: {
    name: string | null;
    phone: string | null;
    taxCode: string | null;
    address: string | null;
    email: string | null;
  };
  orderCode: string;
  lines: { name: string; amount: number }[];
  adjusts: { template: string; series: string; number: number; issuedAt: Date } | null;
  amountBeforeVat: number;
  vatRate: number;
  vat: number;
  total: number;
}

const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.28, 0.33, 0.41);
const BRAND = rgb(0.11, 0.31, 0.85);

const money = formatAmount;

function fit(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

export async function renderInvoicePdf(facts: InvoicePdfFacts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const { font, heavy } = await embedVietnameseFonts(pdf);
  const name = `${facts.template}${facts.series} số ${facts.number}`;
  pdf.setTitle(`Hóa đơn điện tử ${name}`);
  pdf.setAuthor(facts.seller.name);
  pdf.setSubject(`Đơn hàng ${facts.orderCode}, mã tra cứu ${facts.lookupCode}`);
  pdf.setCreationDate(facts.issuedAt);
  const page: PDFPage = pdf.addPage([595.28, 841.89]);
  const { width, height } = page.getSize();
  let y = height - 60;
  const line = (text: string, options: { bold?: boolean; size?: number; color?: typeof INK; x?: number } = {}) => {
    const size = options.size ?? 10;
    const face = options.bold ? heavy : font;
    const x = options.x ?? 50;
    page.drawText(fit(face, text, size, width - x - 50), { x, y, size, font: face, color: options.color ?? INK });
    y -= size + 6;
  };
  const title =
    facts.kind === 'adjustment'
      ? 'HÓA ĐƠN ĐIỀU CHỈNH GIẢM'
      : facts.template === '1'
        ? 'HÓA ĐƠN GIÁ TRỊ GIA TĂNG'
        : 'HÓA ĐƠN BÁN HÀNG';
  line(title, { bold: true, size: 18, color: BRAND });
  line('(Hóa đơn điện tử)', { color: MUTED });
  line(`Ký hiệu mẫu số: ${facts.template}   Ký hiệu: ${facts.series}   Số: ${facts.number}`, { bold: true });
  line(`Ngày lập: ${formatDateTime(facts.issuedAt)}   Mã tra cứu: ${facts.lookupCode}`);
  if (facts.adjusts)
    line(
      `Điều chỉnh cho hóa đơn Mẫu số ${facts.adjusts.template} ký hiệu ${facts.adjusts.series} số ${facts.adjusts.number} ngày ${formatDate(facts.adjusts.issuedAt)} (hoàn tiền)`,
      { color: MUTED },
    );
  y -= 8;
  line(`Đơn vị bán: ${facts.seller.name}`, { bold: true });
  line(`Mã số thuế: ${facts.seller.taxCode}`);
  line(`Địa chỉ: ${facts.seller.address}`);
  y -= 8;
  line(`Người mua: ${facts.buyer.name ?? '—'}`, { bold: true });
  if (facts.buyer.taxCode) line(`Mã số thuế: ${facts.buyer.taxCode}`);
  if (facts.buyer.address) line(`Địa chỉ: ${facts.buyer.address}`);
  if (facts.buyer.phone) line(`Điện thoại: ${facts.buyer.phone}`);
  if (facts.buyer.email) line(`Email: ${facts.buyer.email}`);
  line(`Đơn hàng: ${facts.orderCode}`);
  y -= 8;
  page.drawLine({ start: { x: 50, y: y + 12 }, end: { x: width - 50, y: y + 12 }, color: MUTED, thickness: 0.5 });
  facts.lines.forEach((item, index) => {
    const amount = money(item.amount);
    page.drawText(amount, { x: width - 50 - font.widthOfTextAtSize(amount, 10), y, size: 10, font, color: INK });
    line(fit(font, `${index + 1}. ${item.name}`, 10, width - 230));
  });
  page.drawLine({ start: { x: 50, y: y + 12 }, end: { x: width - 50, y: y + 12 }, color: MUTED, thickness: 0.5 });
  line(`Cộng tiền hàng, dịch vụ: ${money(facts.amountBeforeVat)}`);
  line(`Thuế suất GTGT: ${facts.vatRate}%   Tiền thuế GTGT: ${money(facts.vat)}`);
  line(`Tổng cộng tiền thanh toán: ${money(facts.total)}`, { bold: true, size: 12 });
  y -= 16;
  line(`Tra cứu hóa đơn với mã ${facts.lookupCode} trên trang của nhà cung cấp hóa đơn hoặc hoadondientu.gdt.gov.vn.`, {
    color: MUTED,
    size: 9,
  });
  line('Hóa đơn do trình giả lập của Khai Trí lập (môi trường thử nghiệm), không có giá trị pháp lý.', {
    color: MUTED,
    size: 9,
  });
  return pdf.save();
}

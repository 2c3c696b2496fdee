/**
 * VietQR (NAPAS 24/7 transfers to an account; EMVCo merchant-presented mode), shared/vectors/PROTOCOLS.md:
 * a TLV string (`ID` two digits, length two digits, value) ending with `6304` and its CRC-16/CCITT-FALSE
 * (poly 0x1021, init 0xFFFF) as four uppercase hex digits. Pure code: the server draws the code
 * (qr-image.ts) and the tests decode it back.
 */
import { foldVietnamese } from '../text/fold.ts';

/** The NAPAS GUID in the merchant account information (ID 38). */
export const NAPAS_GUID = 'A000000727';
/** The longest note that passes every bank (PROTOCOLS.md: ≤ 25 allowed, about 19 ASCII reliable). */
export const NOTE_MAX = 19;

export interface VietQrInput {
  /** The bank's 6-digit BIN (970415 VietinBank, 970436 Vietcombank…). */
  bin: string;
  /** The beneficiary's account (or card) number, up to 19 digits. */
  account: string;
  /** Transfer to an account (default) or to a card; null: none (older static codes). */
  service?: 'QRIBFTTA' | 'QRIBFTTC' | null;
  /** In đồng; with it the code is dynamic (`01`=`12`) and banks fill the amount in. */
  amount?: number;
  /** The transfer note (ID 62, sub-ID 08), ASCII. */
  note?: string;
  /** Static merchant codes: category (52), name (59), city (60), store label (62, sub-ID 03). */
  merchantCategory?: string;
  merchantName?: string;
  merchantCity?: string;
  storeLabel?: string;
}

/** One TLV field; its length counts characters (VietQR values are ASCII). */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`VietQR: mã trường không hợp lệ: ${id}`);
  if (value.length > 99) throw new Error(`VietQR: trường ${id} dài quá 99 ký tự`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE over the string's bytes, as four uppercase hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function ascii(field: string, value: string, max: number): string {
  if (!PRINTABLE_ASCII.test(value)) throw new Error(`VietQR: ${field} chỉ được chứa ký tự ASCII không dấu`);
  if (value.length > max) throw new Error(`VietQR: ${field} dài quá ${max} ký tự`);
  return value;
}

/** The whole payload, CRC included. */
export function encodeVietQr(input: VietQrInput): string {
  if (!/^\d{6}$/.test(input.bin)) throw new Error('VietQR: BIN ngân hàng phải có 6 chữ số');
  if (!/^[0-9A-Za-z]{1,19}$/.test(input.account)) throw new Error('VietQR: số tài khoản không hợp lệ');
  const amount = input.amount;
  if (amount !== undefined && (!Number.isInteger(amount) || amount <= 0 || amount > 9_999_999_999_999))
    throw new Error('VietQR: số tiền phải là số nguyên dương (đồng)');
  const service = input.service === undefined ? 'QRIBFTTA' : input.service;
  const beneficiary = tlv('00', input.bin) + tlv('01', input.account);
  const merchant = tlv('00', NAPAS_GUID) + tlv('01', beneficiary) + (service ? tlv('02', service) : '');
  const additional =
    (input.storeLabel ? tlv('03', ascii('nhãn cửa hàng', input.storeLabel, 25)) : '') +
    (input.note ? tlv('08', ascii('nội dung chuyển khoản', input.note, 25)) : '');
  const body =
    tlv('00', '01') +
    tlv('01', amount === undefined ? '11' : '12') +
    tlv('38', merchant) +
    (input.merchantCategory ? tlv('52', input.merchantCategory) : '') +
    tlv('53', '704') +
    (amount === undefined ? '' : tlv('54', String(amount))) +
    tlv('58', 'VN') +
    (input.merchantName ? tlv('59', ascii('tên', input.merchantName, 25)) : '') +
    (input.merchantCity ? tlv('60', ascii('thành phố', input.merchantCity, 15)) : '') +
    (additional ? tlv('62', additional) : '');
  return `${body}6304${crc16(`${body}6304`)}`;
}

/** The top-level fields of a payload, or null when its TLV structure or CRC is wrong. */
export function decodeVietQr(payload: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > payload.length) return null;
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  const crc = fields.get('63');
  if (!crc || !payload.endsWith(`6304${crc}`) || crc16(payload.slice(0, -4)) !== crc) return null;
  return fields;
}

/**
 * The note of a transfer for an order: its code as is (`KT` + 8 digits + 6 letters or digits
 * without look-alikes: 16 ASCII characters without marks, under NOTE_MAX).
 */
export function transferNote(orderCode: string): string {
  const note = orderCode.toUpperCase();
  if (!/^[A-Z0-9]{1,19}$/.test(note)) throw new Error('VietQR: mã đơn hàng không dùng làm nội dung được');
  return note;
}

const ORDER_CODE = /KT\d{8}[A-Z0-9]{6}/g;

/**
 * The order codes a bank's note may carry, most likely first. Banks add words ("MBVCB.3278614.
 * KT20261126ABCDEF.CT tu 0912…"), change the case, split or join words and drop marks, so the note is
 * folded, uppercased and stripped of everything but letters and digits before the code is looked for.
 */
export function orderCodesInNote(note: string): string[] {
  const compact = foldVietnamese(note)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  return [...new Set([...compact.matchAll(ORDER_CODE)].map((match) => match[0]))];
}

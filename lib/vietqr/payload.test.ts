/** VietQR payloads against the published vectors (shared/vectors/payments.json), and drawn codes decoded back. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { crc16, decodeVietQr, encodeVietQr, NOTE_MAX, orderCodesInNote, transferNote } from './payload.ts';
import { qrPng, qrSvg } from './qr-image.ts';

// The `vietqr` key of shared/vectors/payments.json, copied into the repository's fixtures.
const vectors = JSON.parse(readFileSync(path.resolve('tests/fixtures/vietqr-vectors.json'), 'utf8')).vietqr as {
  dynamicTransfer: { input: { bin: string; account: string; amount: number; note: string }; payload: string };
  staticMerchant: { payload: string };
};

async function decodePng(png: Buffer): Promise<string | null> {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

describe('VietQR payload', () => {
  it('reproduces the dynamic transfer vector, CRC included', () => {
    const { input, payload } = vectors.dynamicTransfer;
    expect(encodeVietQr(input)).toBe(payload);
  });

  it('reproduces the static merchant vector (no service code, category, name, city, store label)', () => {
    const encoded = encodeVietQr({
      bin: '970403',
      account: '2112995044604025',
      service: null,
      merchantCategory: '5812',
      merchantName: 'PHUONG CAC',
      merchantCity: 'HANOI',
      storeLabel: 'NPS6869',
    });
    expect(encoded).toBe(vectors.staticMerchant.payload);
  });

  it('computes CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('decodes its fields back and refuses a payload whose CRC or structure is wrong', () => {
    const fields = decodeVietQr(vectors.dynamicTransfer.payload)!;
    expect(fields.get('54')).toBe('120000');
    expect(fields.get('62')).toBe('0813ung ho lu lut');
    const tampered = vectors.dynamicTransfer.payload.replace('120000', '130000');
    expect(decodeVietQr(tampered)).toBeNull();
    expect(decodeVietQr('0002')).toBeNull();
  });

  it('refuses marks in the note, a bad BIN and a non-integer amount', () => {
    const base = { bin: '970415', account: '0011001932418' };
    expect(() => encodeVietQr({ ...base, note: 'ủng hộ' })).toThrow(/ASCII/);
    expect(() => encodeVietQr({ ...base, bin: '97041' })).toThrow(/BIN/);
    expect(() => encodeVietQr({ ...base, amount: 10.5 })).toThrow(/số tiền/);
  });
});

describe('transfer notes and order codes', () => {
  it('uses the order code itself: ASCII, no marks, at most 19 characters', () => {
    const note = transferNote('KT20261126ABCDEF');
    expect(note).toBe('KT20261126ABCDEF');
    expect(note.length).toBeLessThanOrEqual(NOTE_MAX);
    expect(note).toMatch(/^[\x20-\x7e]+$/);
  });

  it('finds the code in notes as banks deliver them', () => {
    const code = 'KT20261126ABCDEF';
    for (const note of [
      code,
      'kt20261126abcdef',
      'MBVCB.3278614.KT20261126ABCDEF.CT tu 0912345678 NGUYEN VAN A',
      'Chuyển tiền KT 20261126 ABCDEF mua khóa học',
      'IBFT KT20261126-ABCDEF',
    ]) {
      expect(orderCodesInNote(note), note).toEqual([code]);
    }
    expect(orderCodesInNote('chuyen tien hoc phi thang 11')).toEqual([]);
  });
});

describe('drawn VietQR codes', () => {
  it('a PNG drawn by the product decodes back to its payload', async () => {
    const payload = encodeVietQr({
      bin: '970415',
      account: '113366668888',
      amount: 1_299_000,
      note: transferNote('KT20261126ABCDEF'),
    });
    expect(await decodePng(await qrPng(payload))).toBe(payload);
    expect(await decodePng(await qrPng(vectors.dynamicTransfer.payload))).toBe(vectors.dynamicTransfer.payload);
  });

  it('draws an SVG for the page', async () => {
    const svg = await qrSvg(vectors.staticMerchant.payload);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('viewBox');
  });
});

/** The statement file reader (pure, no database): Vietnamese amounts and times, CSV quirks, refusals. */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../kernel/http/index.ts';
import { isAppError } from '../../lib/errors.ts';
import { parseBookingTime, parseDong, readStatementFile } from './statement-file.ts';

describe('amounts in đồng', () => {
  it.each([
    ['1.250.000', 1_250_000],
    ['1,250,000', 1_250_000],
    ['1 250 000', 1_250_000],
    ['1\u00a0250\u00a0000 ₫', 1_250_000],
    ['1250000', 1_250_000],
    ['1.250.000đ', 1_250_000],
    ['350.000 VND', 350_000],
    ['1.250.000,00', 1_250_000],
    ['1,250,000.00', 1_250_000],
    ['+500.000', 500_000],
    ['-15.000', -15_000],
    ['2.000', 2_000],
  ])('%s → %d', (text, value) => expect(parseDong(text)).toBe(value));

  it.each(['12,5', '1.250.000,50', '1.25.000', 'một triệu', '', '1.250,000.00', '1.250.000.00,0'])(
    'refuses %j',
    (text) => expect(parseDong(text)).toBeNull(),
  );
});

describe('booking times', () => {
  it('reads Vietnamese day-first times in Vietnam time, and ISO 8601 with its offset', () => {
    expect(parseBookingTime('26/11/2026 14:05:09')).toBe('2026-11-26T07:05:09.000Z');
    expect(parseBookingTime('6/1/2026 8:05')).toBe('2026-01-06T01:05:00.000Z');
    expect(parseBookingTime('26-11-2026')).toBe('2026-11-25T17:00:00.000Z');
    expect(parseBookingTime('2026-11-26T14:05:09+07:00')).toBe('2026-11-26T07:05:09.000Z');
    expect(parseBookingTime('2026-11-26 14:05:09')).toBe('2026-11-26T07:05:09.000Z');
    for (const bad of ['31/02/2026', '26/13/2026 10:00', 'hôm qua', '26/11/26', '2026-11-26T25:00'])
      expect(parseBookingTime(bad), bad).toBeNull();
  });
});

describe('CSV', () => {
  it('reads a BOM, quoted cells with quotes and line breaks, CRLF, blank lines and `;`', () => {
    const { rows, unclosedQuoteLine } = parseCsv('\uFEFFa;"b ""c""; d"\r\n\r\n;;\r\n"x\ny";z\n');
    expect(unclosedQuoteLine).toBeNull();
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b "c"; d'] },
      { line: 4, cells: ['x\ny', 'z'] },
    ]);
    expect(parseCsv('a,"b\nc').unclosedQuoteLine).toBe(1);
  });

  it('skips the header and debits; the same line twice is one credit', () => {
    const read = readStatementFile(
      'Số giao dịch\tNgày giao dịch\tSố tiền\tDiễn giải\nFT1\t26/11/2026\t1.000.000\tKT20261126ABCDEF\nFT2\t26/11/2026\t-5.000\tphi\nFT1\t26/11/2026\t1.000.000\tKT20261126ABCDEF\n',
    );
    expect(read.debits).toBe(1);
    expect(read.lines.map((line) => [line.line, line.credit.transactionId, line.credit.amount])).toEqual([
      [2, 'FT1', 1_000_000],
    ]);
  });

  it('refuses a file of only debits, or with a wrong line, in Vietnamese', () => {
    const refusal = (text: string) => {
      try {
        readStatementFile(text);
      } catch (error) {
        if (isAppError(error)) return error.message;
        throw error;
      }
      return null;
    };
    expect(refusal('FT2,26/11/2026,-5.000,phi')).toContain('chỉ có giao dịch ghi nợ');
    expect(refusal('FT1,26/11/2026,1.000.000,a\n,26/11/2026,1.000,b')).toContain('dòng 2: thiếu mã giao dịch');
  });
});

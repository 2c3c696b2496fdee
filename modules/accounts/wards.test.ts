import { describe, expect, it } from 'vitest';
import { PROVINCES } from './provinces.ts';
import { WARDS_DATA } from './wards-data.ts';
import { bareWardName, decodeWards, findWard, sortWards, wardBelongsTo, wardsOf } from './wards.ts';

/** What was transcribed from the official list (1 July 2025): 687 phường, 2,621 xã, 13 đặc khu. */
const EXPECTED_TOTAL = 3321;
const EXPECTED_PER_PROVINCE: Record<string, number> = {
  '01': 126, '04': 56, '08': 124, '11': 45, '12': 38, '14': 75, '15': 99, '19': 92, '20': 65,
  '22': 54, '24': 99, '25': 148, '31': 114, '33': 104, '37': 129, '38': 166, '40': 130, '42': 69,
  '44': 78, '46': 40, '48': 94, '51': 96, '52': 135, '56': 65, '66': 102, '68': 124, '75': 95,
  '79': 168, '80': 96, '82': 102, '86': 124, '91': 102, '92': 103, '96': 64,
}; // prettier-ignore

describe('ward decoder', () => {
  it('decodes code:kind:name entries, padding codes to 5 digits and restoring the prefix', () => {
    expect(decodeWards('4:P:Ba Đình|9877:X:An Khánh|31078:D:Phú Quốc')).toEqual([
      { code: '00004', name: 'Phường Ba Đình', kind: 'ward' },
      { code: '09877', name: 'Xã An Khánh', kind: 'commune' },
      { code: '31078', name: 'Đặc khu Phú Quốc', kind: 'special_zone' },
    ]);
    expect(decodeWards('')).toEqual([]);
  });

  it('refuses malformed entries', () => {
    for (const bad of ['4:Q:Ba Đình', 'x:P:Ba Đình', '4:P:', '123456:P:Quá dài', '4:P:Ba:Đình'])
      expect(() => decodeWards(bad)).toThrow();
  });

  it('sorts by the name without its prefix, in Vietnamese order', () => {
    const sorted = sortWards(
      decodeWards('1:X:Đông Anh|2:P:Dương Nội|3:X:An Khánh|4:P:An Khánh|5:P:Ô Chợ Dừa|6:X:Ba Vì'),
    );
    expect(sorted.map(bareWardName)).toEqual(['An Khánh', 'An Khánh', 'Ba Vì', 'Dương Nội', 'Đông Anh', 'Ô Chợ Dừa']);
    expect(sorted[0]).toMatchObject({ kind: 'ward' });
  });
});

describe('ward data', () => {
  it('covers exactly the 34 provinces of provinces.ts', () => {
    expect(Object.keys(WARDS_DATA).sort()).toEqual(PROVINCES.map((province) => province.code).sort());
    for (const province of PROVINCES) expect(wardsOf(province.code)?.length).toBeGreaterThan(0);
    expect(wardsOf('02')).toBeUndefined();
    expect(wardsOf('')).toBeUndefined();
  });

  it('has the transcribed count per province and in total, with unique well-formed codes', () => {
    const all = PROVINCES.flatMap((province) => [...wardsOf(province.code)!]);
    expect(all).toHaveLength(EXPECTED_TOTAL);
    for (const province of PROVINCES)
      expect([province.code, wardsOf(province.code)!.length]).toEqual([
        province.code,
        EXPECTED_PER_PROVINCE[province.code],
      ]);
    expect(new Set(all.map((ward) => ward.code)).size).toBe(EXPECTED_TOTAL);
    expect(all.every((ward) => /^\d{5}$/.test(ward.code))).toBe(true);
    expect(all.every((ward) => ward.name === ward.name.normalize('NFC') && ward.name.trim() === ward.name)).toBe(true);
    const kinds = all.reduce<Record<string, number>>(
      (count, ward) => ({ ...count, [ward.kind]: (count[ward.kind] ?? 0) + 1 }),
      {},
    );
    expect(kinds).toEqual({ ward: 687, commune: 2621, special_zone: 13 });
  });

  it('finds known units in their province only', () => {
    expect(findWard('01', '00004')).toEqual({ code: '00004', name: 'Phường Ba Đình', kind: 'ward' });
    expect(findWard('79', '26743')).toEqual({ code: '26743', name: 'Phường Bến Thành', kind: 'ward' });
    expect(findWard('91', '31078')).toEqual({ code: '31078', name: 'Đặc khu Phú Quốc', kind: 'special_zone' });
    expect(findWard('31', '11914')?.name).toBe('Đặc khu Cát Hải');
    expect(findWard('48', '20333')?.name).toBe('Đặc khu Hoàng Sa');
    expect(findWard('56', '22736')?.name).toBe('Đặc khu Trường Sa');
    expect(wardBelongsTo('79', '00004')).toBe(false);
    expect(wardBelongsTo('01', '00004')).toBe(true);
    expect(findWard('01', null)).toBeUndefined();
  });
});

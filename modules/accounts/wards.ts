/**
 * Communes, wards and special zones directly under each province (the two-level local government
 * in force since 1 July 2025: no district level). Decodes wards-data.ts lazily, once per province.
 */
import { findProvince } from './provinces.ts';
import { WARDS_DATA } from './wards-data.ts';

export type WardKind = 'ward' | 'commune' | 'special_zone';

export interface Ward {
  /** Official 5-digit code, e.g. '00004'. */
  code: string;
  /** Full name with its prefix, e.g. 'Phường Ba Đình'. */
  name: string;
  kind: WardKind;
}

const KINDS: Record<string, { kind: WardKind; prefix: string }> = {
  P: { kind: 'ward', prefix: 'Phường' },
  X: { kind: 'commune', prefix: 'Xã' },
  D: { kind: 'special_zone', prefix: 'Đặc khu' },
};

const collator = new Intl.Collator('vi');
const decoded = new Map<string, readonly Ward[]>();

/** Decodes one `code:kind:name|…` string; throws on a malformed entry (caught by the data tests). */
export function decodeWards(packed: string): Ward[] {
  if (packed === '') return [];
  return packed.split('|').map((entry) => {
    const [code, letter, name, ...rest] = entry.split(':');
    const kind = KINDS[letter ?? ''];
    if (!code || !/^\d{1,5}$/.test(code) || !kind || !name || rest.length > 0)
      throw new Error(`Mục phường/xã không hợp lệ: ${entry}`);
    return { code: code.padStart(5, '0'), name: `${kind.prefix} ${name}`, kind: kind.kind };
  });
}

const KIND_ORDER: Record<WardKind, number> = { ward: 0, commune: 1, special_zone: 2 };

/** The name without its 'Phường '/'Xã '/'Đặc khu ' prefix: what people type to find it. */
export function bareWardName(ward: Ward): string {
  const prefix = Object.values(KINDS).find((entry) => entry.kind === ward.kind)?.prefix ?? '';
  return ward.name.startsWith(`${prefix} `) ? ward.name.slice(prefix.length + 1) : ward.name;
}

/**
 * Sorts by the name without its prefix in Vietnamese collation (Đ after D, tones after the bare
 * letter), so 'Phường An Khánh' and 'Xã An Khánh' sit together and a select can be typed into.
 */
export function sortWards(wards: readonly Ward[]): Ward[] {
  return [...wards].sort(
    (a, b) =>
      collator.compare(bareWardName(a), bareWardName(b)) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.code.localeCompare(b.code),
  );
}

/** The units of a province sorted by name, or undefined for an unknown province code. */
export function wardsOf(provinceCode: string | null | undefined): readonly Ward[] | undefined {
  if (!provinceCode || !findProvince(provinceCode)) return undefined;
  let wards = decoded.get(provinceCode);
  if (!wards) {
    wards = Object.freeze(sortWards(decodeWards(WARDS_DATA[provinceCode] ?? '')));
    decoded.set(provinceCode, wards);
  }
  return wards;
}

export function findWard(provinceCode: string | null | undefined, wardCode: string | null | undefined) {
  if (!wardCode) return undefined;
  return wardsOf(provinceCode)?.find((ward) => ward.code === wardCode);
}

/** Whether the ward code belongs to that province. */
export function wardBelongsTo(provinceCode: string | null | undefined, wardCode: string): boolean {
  return findWard(provinceCode, wardCode) !== undefined;
}

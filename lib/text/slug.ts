/**
 * URL slugs: ASCII lowercase words joined by single hyphens.
 *
 * The text is folded (see fold.ts), apostrophes are deleted (`don't` → `dont`),
 * every other run of characters outside [a-z0-9] becomes one hyphen
 * (`Toán/Lý` → `toan-ly`), and leading/trailing hyphens are removed. Letters
 * that do not fold to ASCII (CJK, ß, ø …) count as separators, so they vanish
 * (`Straße` → `stra-e`, `日本語` → ``). Slugs longer than 120
 * characters are cut at the last hyphen that fits (a single longer word is cut
 * hard at 120).
 */
import { foldVietnamese } from './fold.ts';

export const MAX_SLUG_LENGTH = 120;

const APOSTROPHES = /['\u2019\u02BC]/g;
const NON_ALPHANUMERIC_RUN = /[^a-z0-9]+/g;

/** Cuts an already clean slug to at most `maxLength` characters at a hyphen boundary. */
export function truncateSlug(slug: string, maxLength: number = MAX_SLUG_LENGTH): string {
  if (slug.length <= maxLength) return slug;
  if (slug[maxLength] === '-') return slug.slice(0, maxLength);
  const cut = slug.slice(0, maxLength);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
}

/** `Địa lý 12 — Ôn thi` → `dia-ly-12-on-thi`; `Đà Nẵng` → `da-nang`. */
export function slugify(text: string | null | undefined): string {
  const slug = foldVietnamese(text)
    .replace(APOSTROPHES, '')
    .replace(NON_ALPHANUMERIC_RUN, '-')
    .replace(/^-+|-+$/g, '');
  return truncateSlug(slug);
}

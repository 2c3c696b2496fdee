import { describe, expect, it } from 'vitest';
import { MAX_SLUG_LENGTH, slugify, truncateSlug } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Địa lý 12 — Ôn thi', 'dia-ly-12-on-thi'],
    ['Đà Nẵng', 'da-nang'],
    ['Tiếng Việt', 'tieng-viet'],
    ['Nguyễn Thị Ngọc Diễm', 'nguyen-thi-ngoc-diem'],
    ['con dế', 'con-de'],
    ['Toán/Lý/Hóa', 'toan-ly-hoa'],
    ['Lớp 12: Hàm số (phần 2)!', 'lop-12-ham-so-phan-2'],
    ['C++ cơ bản', 'c-co-ban'],
    ['  --Tiếng   Anh--  ', 'tieng-anh'],
    ['snake_case_name', 'snake-case-name'],
    ['Phiên bản 3.5', 'phien-ban-3-5'],
    ['Học & Thi', 'hoc-thi'],
    ['100%', '100'],
    ['ĐẠI HỌC', 'dai-hoc'],
  ])('%s → %s', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('deletes apostrophes instead of splitting words', () => {
    expect(slugify("Don't stop")).toBe('dont-stop');
    expect(slugify('Rock’n’roll')).toBe('rocknroll');
  });

  it('treats letters that do not fold to ASCII as separators', () => {
    expect(slugify('Tiếng Nhật 日本語 N5')).toBe('tieng-nhat-n5');
    expect(slugify('日本語')).toBe('');
    expect(slugify('Straße')).toBe('stra-e');
  });

  it('gives the same slug for NFD input', () => {
    expect(slugify('Địa lý 12 — Ôn thi'.normalize('NFD'))).toBe('dia-ly-12-on-thi');
  });

  it('returns an empty string for empty, blank, punctuation-only, null and undefined input', () => {
    for (const input of ['', '   ', '—!?', null, undefined]) expect(slugify(input)).toBe('');
  });

  it('only ever produces [a-z0-9] words joined by single hyphens', () => {
    for (const input of ['a--b', '-a-', 'Ấ  Ấ', '\u200Bx\u200B', 'a\u00A0b']) {
      expect(slugify(input)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });

  it('is idempotent', () => {
    const once = slugify('Địa lý 12 — Ôn thi');
    expect(slugify(once)).toBe(once);
  });

  it('cuts long slugs at a hyphen boundary to at most 120 characters', () => {
    expect(MAX_SLUG_LENGTH).toBe(120);
    const title = Array.from({ length: 40 }, (_, i) => `Bài ${i + 1}`).join(' ');
    const slug = slugify(title);
    // "bai-1-bai-2-…": 120 characters end inside "bai-21"; the cut keeps whole words.
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug).toBe(
      'bai-1-bai-2-bai-3-bai-4-bai-5-bai-6-bai-7-bai-8-bai-9-bai-10-bai-11-bai-12-bai-13-bai-14-bai-15-bai-16-bai-17-bai-18-bai',
    );
  });

  it('keeps exactly 120 characters when the cut falls on a hyphen', () => {
    const slug = slugify(`${'a'.repeat(120)} tiếp`);
    expect(slug).toBe('a'.repeat(120));
    expect(slugify(`${'b'.repeat(59)} ${'c'.repeat(60)} d`)).toBe(`${'b'.repeat(59)}-${'c'.repeat(60)}`);
  });

  it('cuts a single word longer than 120 characters hard', () => {
    expect(slugify('x'.repeat(200))).toBe('x'.repeat(120));
  });
});

describe('truncateSlug', () => {
  it('leaves short slugs alone', () => {
    expect(truncateSlug('dia-ly')).toBe('dia-ly');
    expect(truncateSlug('a'.repeat(120))).toBe('a'.repeat(120));
  });

  it('accepts a custom maximum', () => {
    expect(truncateSlug('dia-ly-12-on-thi', 10)).toBe('dia-ly-12');
    expect(truncateSlug('dia-ly-12-on-thi', 9)).toBe('dia-ly-12');
    expect(truncateSlug('dia-ly-12-on-thi', 8)).toBe('dia-ly');
    expect(truncateSlug('dia-ly-12-on-thi', 2)).toBe('di');
  });
});

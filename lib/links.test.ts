import { describe, expect, it } from 'vitest';
import { describeLink, linkOpensInNewTab, normalizeOrigin, toLinkTarget } from './links.ts';

const SITE = 'https://khaitri.vn';

describe('toLinkTarget', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['NBSP only', '\u00A0'],
    ['exactly /', '/'],
    ['contains a space', '/khoa hoc'],
    ['leading space', ' /khoa-hoc'],
    ['trailing space', 'https://khaitri.vn/ '],
    ['contains @', 'mailto:a@b.vn'],
    ['@ in a path', '/user/@minh'],
    ['contains %', '/tim-kiem?q=Ti%E1%BA%BFng'],
    ['contains $', '/gia-$100'],
    ['contains backslash', '\\\\evil.com'],
    ['contains ;', '/a;b'],
    ['contains a tab', '/khoa\thoc'],
    ['contains a newline', 'java\nscript:alert(1)'],
    ['contains NBSP', '/khoa\u00A0hoc'],
    ['contains a control character', '\u0001javascript:alert(1)'],
    ['javascript: (safety addition)', 'javascript:alert(1)'],
    ['JavaScript: in mixed case', 'JavaScript:void(0)'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['data:', 'data:text/html,<b>x</b>'],
  ])('%s → #', (_name, href) => {
    expect(toLinkTarget(href)).toBe('#');
  });

  it.each([
    '/khoa-hoc',
    '//',
    '/khoa-hoc/',
    'khoa-hoc',
    '#gioi-thieu',
    '#',
    '?page=2',
    '/tim-kiem?q=dia-ly&page=2',
    'https://khaitri.vn/khoa-hoc/dia-ly-12',
    'http://example.com',
    'https://www.youtube.com/watch?v=abc',
    'tel:0901234567',
    '/khoá-học', // raw Vietnamese letters are allowed; only % is rejected
  ])('%s is kept unchanged', (href) => {
    expect(toLinkTarget(href)).toBe(href);
  });
});

describe('normalizeOrigin', () => {
  it('returns scheme://host[:port] of http(s) URLs', () => {
    expect(normalizeOrigin('https://khaitri.vn')).toBe('https://khaitri.vn');
    expect(normalizeOrigin('https://KhaiTri.VN/some/path?x=1')).toBe('https://khaitri.vn');
    expect(normalizeOrigin('https://khaitri.vn:443/')).toBe('https://khaitri.vn');
    expect(normalizeOrigin('http://localhost:3000/')).toBe('http://localhost:3000');
  });

  it('returns undefined for anything else', () => {
    expect(normalizeOrigin('')).toBeUndefined();
    expect(normalizeOrigin(null)).toBeUndefined();
    expect(normalizeOrigin('khaitri.vn')).toBeUndefined();
    expect(normalizeOrigin('ftp://khaitri.vn')).toBeUndefined();
    expect(normalizeOrigin('https://')).toBeUndefined();
  });
});

describe('linkOpensInNewTab', () => {
  it.each([
    'https://khaitri.vn',
    'https://khaitri.vn/',
    'https://khaitri.vn/khoa-hoc/dia-ly-12',
    'https://KHAITRI.vn/khoa-hoc',
    'https://khaitri.vn:443/khoa-hoc',
    '//khaitri.vn/khoa-hoc',
  ])('same-origin absolute link %s → same tab', (href) => {
    expect(linkOpensInNewTab(href, SITE)).toBe(false);
  });

  it.each([
    'https://example.com',
    'http://example.com/page',
    'HTTPS://EXAMPLE.COM',
    'http://khaitri.vn/khoa-hoc', // other scheme = other origin
    'https://m.khaitri.vn', // subdomain = other origin
    'https://khaitri.vn:8443/',
    'https://khaitri.vn.evil.com/', // contains the origin text but is another site
    'https://evil.com/?next=https://khaitri.vn',
    '//cdn.example.com/file.pdf',
  ])('other absolute link %s → new tab', (href) => {
    expect(linkOpensInNewTab(href, SITE)).toBe(true);
  });

  it.each(['/khoa-hoc', 'khoa-hoc', '#', '#top', '?a=1', '', 'mailto:a@b.vn', 'tel:0900', 'ftp://x.vn', '///x'])(
    'relative or non-http link %o → same tab',
    (href) => {
      expect(linkOpensInNewTab(href, SITE)).toBe(false);
    },
  );

  it('is false for null/undefined href and for unparseable absolute URLs', () => {
    expect(linkOpensInNewTab(null, SITE)).toBe(false);
    expect(linkOpensInNewTab(undefined, SITE)).toBe(false);
    expect(linkOpensInNewTab('https://', SITE)).toBe(false);
  });

  it('accepts a site origin with a path or trailing slash', () => {
    expect(linkOpensInNewTab('https://khaitri.vn/a', 'https://khaitri.vn/')).toBe(false);
    expect(linkOpensInNewTab('https://khaitri.vn/a', 'https://khaitri.vn/trang-chu')).toBe(false);
  });

  it('opens every absolute link in a new tab when the site origin is unknown', () => {
    expect(linkOpensInNewTab('https://khaitri.vn/a', '')).toBe(true);
    expect(linkOpensInNewTab('https://khaitri.vn/a', null)).toBe(true);
    expect(linkOpensInNewTab('/a', undefined)).toBe(false);
  });

  it('resolves protocol-relative links with the site scheme', () => {
    expect(linkOpensInNewTab('//localhost:3000/a', 'http://localhost:3000')).toBe(false);
    expect(linkOpensInNewTab('//localhost:3000/a', 'https://localhost:3000')).toBe(false);
    expect(linkOpensInNewTab('//localhost:3000/a', 'https://khaitri.vn')).toBe(true);
  });
});

describe('describeLink', () => {
  it('external links get target _blank and rel noopener noreferrer', () => {
    expect(describeLink('https://example.com/a', SITE)).toStrictEqual({
      href: 'https://example.com/a',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });

  it('internal and relative links get only href (no undefined keys)', () => {
    expect(describeLink('https://khaitri.vn/a', SITE)).toStrictEqual({ href: 'https://khaitri.vn/a' });
    expect(describeLink('/khoa-hoc', SITE)).toStrictEqual({ href: '/khoa-hoc' });
    expect(Object.keys(describeLink('/khoa-hoc', SITE))).toEqual(['href']);
  });

  it('rejected hrefs become # in the same tab', () => {
    expect(describeLink('https://example.com/a b', SITE)).toStrictEqual({ href: '#' });
    expect(describeLink('mailto:lienhe@khaitri.vn', SITE)).toStrictEqual({ href: '#' });
    expect(describeLink('/', SITE)).toStrictEqual({ href: '#' });
    expect(describeLink(null, SITE)).toStrictEqual({ href: '#' });
    expect(describeLink('javascript:alert(1)', SITE)).toStrictEqual({ href: '#' });
  });
});

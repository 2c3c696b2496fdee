import { describe, expect, it } from 'vitest';
import { resolveRedirectTarget } from './redirect-target.ts';

const sites = { publicUrl: 'https://khaitri.vn', allowedHosts: ['m.khaitri.vn', '127.0.0.1:3000'] };
const resolve = (target: unknown) => resolveRedirectTarget(target, sites);

describe('resolveRedirectTarget', () => {
  it('keeps same-site paths with their query and fragment', () => {
    expect(resolve('/tai-khoan/don-hang?ma=KT1#chi-tiet')).toBe('/tai-khoan/don-hang?ma=KT1#chi-tiet');
    expect(resolve('/tim-kiem/ti%E1%BA%BFng%20anh')).toBe('/tim-kiem/ti%E1%BA%BFng%20anh');
    expect(resolve('/khoa-hoc/tiếng-anh')).toBe('/khoa-hoc/ti%E1%BA%BFng-anh');
  });

  it('falls back for missing or odd values', () => {
    for (const value of [undefined, null, '', 42, {}, 'tai-khoan', '?redirect=/x', '#top', `/${'a'.repeat(2001)}`])
      expect(resolve(value)).toBe('/');
    expect(resolveRedirectTarget('//evil.example', sites, '/tai-khoan')).toBe('/tai-khoan');
  });

  it('refuses tabs, line breaks, other control characters and whitespace anywhere', () => {
    for (const value of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      '/ /evil.example',
      '/\u00a0/evil.example',
      '/\u2028/evil.example',
      '/\u3000/evil.example',
      '/\ufeff/evil.example',
      '/\u007f/evil.example',
      '/tai-khoan\r\nSet-Cookie: x=1',
    ])
      expect(resolve(value), JSON.stringify(value)).toBe('/');
  });

  it('refuses scheme-relative targets and backslashes', () => {
    for (const value of [
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
    ])
      expect(resolve(value), value).toBe('/');
  });

  it('refuses encoded control characters, backslashes and second slashes', () => {
    for (const value of [
      '/%09/evil.example',
      '/%0d%0a/evil.example',
      '/%0A/evil.example',
      '/%00',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '/%5C/evil.example',
      '/%5cevil.example',
      '/a%5c..%5c..%5cevil',
    ])
      expect(resolve(value), value).toBe('/');
  });

  it('refuses paths that normalise to a scheme-relative target', () => {
    expect(resolve('/a/..//evil.example')).toBe('/');
    expect(resolve('/.//evil.example')).toBe('/');
    expect(resolve('/./evil.example')).toBe('/evil.example');
  });

  it('refuses other schemes', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'https:evil.example',
      'http:/evil.example',
      'ftp://khaitri.vn/',
    ])
      expect(resolve(value), value).toBe('/');
  });

  it('accepts absolute URLs on the site’s own hosts, reduced to their path', () => {
    expect(resolve('https://khaitri.vn/tai-khoan?a=1')).toBe('/tai-khoan?a=1');
    expect(resolve('https://KHAITRI.VN/tai-khoan')).toBe('/tai-khoan');
    expect(resolve('https://m.khaitri.vn/x')).toBe('/x');
    expect(resolve('http://127.0.0.1:3000/gio-hang')).toBe('/gio-hang');
  });

  it('refuses absolute URLs to other origins, credentials and look-alike names', () => {
    for (const value of [
      'https://evil.example/',
      'https://khaitri.vn.evil.example/',
      'https://evil.example/https://khaitri.vn/',
      'https://khaitri.vn@evil.example/',
      'https://user:pass@khaitri.vn/',
      'http://127.0.0.1:8080/',
      'http://127.0.0.1/',
      'https://khaitrі.vn/',
      'https://xn--khaitr-7cf.vn/',
      'https://ｋhaitri.vn/',
      'https://khaitri.vn./',
    ])
      expect(resolve(value), value).toBe('/');
  });

  it('accepts only paths when no site is given', () => {
    expect(resolveRedirectTarget('/khoa-hoc')).toBe('/khoa-hoc');
    expect(resolveRedirectTarget('https://khaitri.vn/khoa-hoc')).toBe('/');
    expect(resolveRedirectTarget('/\t/evil.example')).toBe('/');
  });
});

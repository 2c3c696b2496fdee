import { describe, expect, it } from 'vitest';
import { isAllowedHost, siteOrigin } from './allowed-hosts.ts';

const sites = { publicUrl: 'http://localhost:3000', allowedHosts: ['localhost', '127.0.0.1', 'm.khaitri.vn:8443'] };

describe('isAllowedHost', () => {
  it('allows PUBLIC_URL’s host and the listed names, any port for a bare name', () => {
    expect(isAllowedHost('localhost:3000', sites)).toBe(true);
    expect(isAllowedHost('LOCALHOST:3000', sites)).toBe(true);
    expect(isAllowedHost('127.0.0.1:3000', sites)).toBe(true);
    expect(isAllowedHost('127.0.0.1:5173', sites)).toBe(true);
    expect(isAllowedHost('m.khaitri.vn:8443', sites)).toBe(true);
  });

  it('refuses other names, other ports of a name listed with one, and malformed hosts', () => {
    for (const host of [
      'evil.example',
      'm.khaitri.vn',
      'm.khaitri.vn:443',
      'localhost.evil.example',
      'evil.example@localhost',
      'localhost/x',
      '',
      null,
      undefined,
    ])
      expect(isAllowedHost(host, sites), String(host)).toBe(false);
    expect(isAllowedHost('localhost:3000', { publicUrl: 'https://khaitri.vn', allowedHosts: [] })).toBe(false);
  });
});

describe('siteOrigin', () => {
  it('is the origin the browser used when allowed, PUBLIC_URL’s otherwise', () => {
    expect(siteOrigin({ protocol: 'http', host: '127.0.0.1:3000' }, sites)).toBe('http://127.0.0.1:3000');
    expect(siteOrigin({ protocol: 'https', host: 'm.khaitri.vn:8443' }, sites)).toBe('https://m.khaitri.vn:8443');
    expect(siteOrigin({ protocol: 'http', host: 'evil.example' }, sites)).toBe('http://localhost:3000');
    expect(siteOrigin({ protocol: 'http', host: undefined }, sites)).toBe('http://localhost:3000');
  });
});

import { describe, expect, it } from 'vitest';
import {
  canonicalizeRequest,
  computeFnv1a64,
  computeRequestKey,
  computeRequestKeyFor,
  REQUEST_KEY_LENGTH,
  stringifyStable,
} from './request-key.ts';

// Expected values below were computed independently (Python reference implementation
// of FNV-1a 64 over UTF-8, then value mod 36^10 in base 36, zero-padded).

describe('computeFnv1a64', () => {
  it('matches the published FNV-1a 64-bit test vectors', () => {
    expect(computeFnv1a64('')).toBe(0xcbf29ce484222325n);
    expect(computeFnv1a64('a')).toBe(0xaf63dc4c8601ec8cn);
    expect(computeFnv1a64('foobar')).toBe(0x85944171f73967e8n);
  });

  it('hashes the UTF-8 bytes of Vietnamese text', () => {
    expect(computeFnv1a64('Tiếng Việt')).toBe(0x9d5d63b52f7619f9n);
  });
});

describe('computeRequestKey', () => {
  it.each([
    ['', 'iihzj4ux45'],
    ['a', 'ongoiv4rrg'],
    ['foobar', 'ng2xt5fmco'],
    ['GET /api/user/course.json', 'pdzgo2f7rs'],
    ['GET /api/user/course.json?limit=10&page=2', 'oykc6oawfg'],
    ['POST /api/user/login.json', '0co2yb0b4y'], // left-padded with 0
    ['Tiếng Việt', 'fkoj5o7w1l'],
  ])('%o → %s', (input, expected) => {
    expect(computeRequestKey(input)).toBe(expected);
  });

  it('is always exactly 10 characters of [0-9a-z]', () => {
    expect(REQUEST_KEY_LENGTH).toBe(10);
    const inputs = [
      '',
      'x',
      'đ',
      '😀',
      '\uD800',
      'a'.repeat(10_000),
      ...Array.from({ length: 200 }, (_, i) => `k${i}`),
    ];
    for (const input of inputs) expect(computeRequestKey(input)).toMatch(/^[0-9a-z]{10}$/);
  });

  it('is deterministic and sensitive to every character', () => {
    expect(computeRequestKey('GET /a')).toBe(computeRequestKey('GET /a'));
    expect(computeRequestKey('GET /a')).not.toBe(computeRequestKey('GET /b'));
    expect(computeRequestKey('con dế')).not.toBe(computeRequestKey('con dê'));
  });

  it('hashes the string as given: NFD and NFC differ', () => {
    expect(computeRequestKey('Tiếng Việt'.normalize('NFD'))).toBe('mn625snz8g');
  });

  it('does not collide on a sample of 10 000 similar keys', () => {
    const keys = new Set(
      Array.from({ length: 10_000 }, (_, i) => computeRequestKey(`GET /api/user/course.json?page=${i}`)),
    );
    expect(keys.size).toBe(10_000);
  });
});

describe('stringifyStable', () => {
  it('sorts object keys at every level and drops undefined members', () => {
    expect(stringifyStable({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('handles primitives, null and bigint', () => {
    expect(stringifyStable('đ')).toBe('"đ"');
    expect(stringifyStable(null)).toBe('null');
    expect(stringifyStable(undefined)).toBe('null');
    expect(stringifyStable([undefined, 1])).toBe('[null,1]');
    expect(stringifyStable(12n)).toBe('12');
  });
});

describe('canonicalizeRequest', () => {
  it('upper-cases the method and defaults it to GET', () => {
    expect(canonicalizeRequest('get', '/api/user/course.json')).toBe('GET /api/user/course.json');
    expect(canonicalizeRequest('  ', '/a')).toBe('GET /a');
  });

  it('sorts params by key and percent-encodes them', () => {
    expect(canonicalizeRequest('GET', '/api/user/course.json', { page: 2, limit: 10 })).toBe(
      'GET /api/user/course.json?limit=10&page=2',
    );
    expect(canonicalizeRequest('GET', '/api/user/course.json', { q: 'Tiếng Việt' })).toBe(
      'GET /api/user/course.json?q=Ti%E1%BA%BFng%20Vi%E1%BB%87t',
    );
  });

  it('merges the query already in the URL and drops the fragment', () => {
    expect(canonicalizeRequest('GET', '/a?z=1&b=2#top', { c: 3 })).toBe('GET /a?b=2&c=3&z=1');
    expect(canonicalizeRequest('GET', '/a?q=a+b')).toBe('GET /a?q=a%20b');
  });

  it('drops null and undefined, expands arrays and serialises objects', () => {
    expect(canonicalizeRequest('GET', '/a', { x: null, y: undefined, t: [3, 1, null], f: false })).toBe(
      'GET /a?f=false&t=3&t=1',
    );
    expect(canonicalizeRequest('POST', '/a', { body: { b: 1, a: 'x' } })).toBe(
      'POST /a?body=%7B%22a%22%3A%22x%22%2C%22b%22%3A1%7D',
    );
  });

  it('keeps the order of repeated values of one key (stable sort)', () => {
    expect(canonicalizeRequest('GET', '/a?t=2&a=0', { t: [1] })).toBe('GET /a?a=0&t=2&t=1');
  });
});

describe('computeRequestKeyFor', () => {
  it('hashes the canonical form', () => {
    expect(computeRequestKeyFor('get', '/api/user/course.json', { page: 2, limit: 10 })).toBe('oykc6oawfg');
    expect(computeRequestKeyFor('GET', '/api/user/course.json', { q: 'Tiếng Việt' })).toBe('x2u13qduvj');
    expect(computeRequestKeyFor('POST', '/api/user/login.json')).toBe('0co2yb0b4y');
  });

  it('gives the same key whatever the param order or where params are written', () => {
    const a = computeRequestKeyFor('GET', '/api/user/course.json', { page: 2, limit: 10, sort: 'title' });
    const b = computeRequestKeyFor('get', '/api/user/course.json', { sort: 'title', limit: 10, page: 2 });
    const c = computeRequestKeyFor('GET', '/api/user/course.json?sort=title&page=2', { limit: '10' });
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('distinguishes methods, paths and values', () => {
    const base = computeRequestKeyFor('GET', '/api/user/cart.json');
    expect(computeRequestKeyFor('DELETE', '/api/user/cart.json')).not.toBe(base);
    expect(computeRequestKeyFor('GET', '/api/user/cart.json', { id: 1 })).not.toBe(base);
    expect(computeRequestKeyFor('GET', '/api/user/order.json')).not.toBe(base);
  });
});

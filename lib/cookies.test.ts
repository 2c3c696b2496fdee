import { expect, it } from 'vitest';
import { parseCookies } from './cookies.ts';

it('reads names and raw values, first one wins, ignoring malformed parts', () => {
  const cookies = parseCookies(' a=1; b = x=y ;junk; a=2; c=');
  expect([...cookies.entries()]).toEqual([
    ['a', '1'],
    ['b', 'x=y'],
    ['c', ''],
  ]);
  expect(parseCookies(undefined).size).toBe(0);
  expect(parseCookies('').size).toBe(0);
});

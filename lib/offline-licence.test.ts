import { describe, expect, it } from 'vitest';
import { licenceOwner } from './offline-licence.ts';

const body = (claims: object) => Buffer.from(JSON.stringify(claims)).toString('base64url');

describe('licenceOwner', () => {
  it('reads the learner of a licence, whatever its padding', () => {
    for (const id of [7, 1234, 98_765_432])
      expect(licenceOwner(`v1.${body({ l: 'abc', u: id, s: 3, d: 'dev-1', e: 1 })}.mac`)).toBe(id);
  });

  it('says null for anything that is not a readable licence', () => {
    for (const token of [
      '',
      'v1',
      'v2.e30.mac',
      `v1.${body({ u: 'một' })}.mac`,
      'v1.@@@.mac',
      `v1.${body({ u: -1 })}.x`,
    ])
      expect(licenceOwner(token), token).toBeNull();
  });
});

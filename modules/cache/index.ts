/** The cache's public face: the type other modules receive from the composition root. */
export type { Cache } from './cache.ts';
export { ADDRESS_LIMITS, perAddress } from './address-limits.ts';

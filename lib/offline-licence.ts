/**
 * What a device may read in an offline licence (modules/offline/licences.ts: `v1.<body>.<mac>`, the
 * body base64url JSON): the learner it was granted to, so a phone shared by two learners keeps each
 * one's downloads and offline actions apart. Only the server can tell whether the signature holds.
 */

/** The learner a licence was granted to, or null when it cannot be read. */
export function licenceOwner(licence: string): number | null {
  try {
    const [version, body] = licence.split('.');
    if (version !== 'v1' || !body) return null;
    const json = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
    const owner = (JSON.parse(json) as { u?: unknown }).u;
    return typeof owner === 'number' && Number.isInteger(owner) && owner > 0 ? owner : null;
  } catch {
    return null;
  }
}

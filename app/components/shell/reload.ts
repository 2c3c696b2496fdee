/**
 * A failed chunk load, a storage failure or a network failure reloads the target route in full, guarded so the same
 * URL is not reloaded again within 10 seconds (SPEC §8, §9).
 */
export const RELOAD_GUARD_MS = 10_000;
const GUARD_KEY = 'kt:reload-guard';

const LOAD_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /importing a module script failed/i,
  /error loading dynamically imported module/i,
  /unable to preload css/i,
  /chunkloaderror/i,
  /loading chunk [\w-]+ failed/i,
  // The page's data never arrived (no network): the full load is answered by the service worker
  // with its kept copy or the offline page (decision 0019) instead of an error.
  /^TypeError: (failed to fetch|networkerror when attempting to fetch resource\.?|load failed)$/i,
];

export function isRecoverableLoadError(error: unknown): boolean {
  if (typeof DOMException !== 'undefined' && error instanceof DOMException) {
    return error.name === 'QuotaExceededError' || error.name === 'SecurityError';
  }
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return LOAD_ERROR_PATTERNS.some((pattern) => pattern.test(text));
}

/** Reloads `href` fully unless it was reloaded in the last 10 s; returns whether it reloads. */
export function reloadOnce(
  href: string,
  now = Date.now(),
  storage: Storage | undefined = safeSessionStorage(),
): boolean {
  let last: { href: string; at: number } | null = null;
  try {
    last = JSON.parse(storage?.getItem(GUARD_KEY) ?? 'null') as { href: string; at: number } | null;
  } catch {
    last = null;
  }
  if (last && last.href === href && now - last.at < RELOAD_GUARD_MS) return false;
  try {
    storage?.setItem(GUARD_KEY, JSON.stringify({ href, at: now }));
  } catch {
    // Storage itself may be what failed; reload anyway.
  }
  window.location.assign(href);
  return true;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

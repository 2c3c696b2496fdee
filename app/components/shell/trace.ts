/**
 * SPEC §7 "Other calls" 2: the visitor's IP, read from our own trace endpoint (GET /api/trace,
 * text/plain `key=value` lines such as `ip=203.0.113.5`), never from a third-party service.
 */
export const TRACE_URL = '/api/trace';

/** The value of the `ip=` line, or null when there is none. */
export function parseTraceIp(text: string): string | null {
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('ip=')) return line.slice(3).trim() || null;
  }
  return null;
}

/** The visitor's IP as our server sees it; null when the call fails (only logged). */
export async function readVisitorIp(signal?: AbortSignal): Promise<string | null> {
  try {
    const response = await fetch(TRACE_URL, { cache: 'no-store', credentials: 'omit', ...(signal ? { signal } : {}) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseTraceIp(await response.text());
  } catch (error) {
    console.warn('[shell] không đọc được địa chỉ IP', error);
    return null;
  }
}

/** Browser cookies the shell keeps (SPEC §3, §4). */
export const MY_COURSE_COOKIE = 'kt_mycourse';
export const MY_COURSE_MAX_AGE_SECONDS = 60;
export const BROWSER_ID_COOKIE = 'kt_bid';
export const UTM_COOKIE = 'up';
export const FROM_404_KEY = 'kt:from-404';

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

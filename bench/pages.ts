/**
 * Signed-in pages (issue 20, target 1): the pages a learner opens most — `/`, `/khoa-hoc`, a course
 * page, `/tai-khoan/khoa-hoc-cua-toi` and a study page `/vao-hoc/{slug}?bai={id}` — requested with
 * the demo learner's session cookies, each against the anonymous home `/` served from the page
 * micro-cache by the same product (same build, same process), alternating in the same run. Both
 * sides send a browser's request headers (Accept-Encoding included). Targets: ≥ 0.25 for the three
 * shared pages, ≥ 0.1 for the two personal ones (docs/decisions/0014-signed-in-speed.md).
 */
import { BROWSER_PAGE_HEADERS, wireBytes, withServers, type Check, type ReportBenchmark } from './lib/bench.ts';
import { comparisonVerdict, formatComparison } from './lib/format.ts';
import type { Target } from './lib/measure.ts';
import { compareAlternating } from './lib/measure.ts';

const CREDENTIALS = { username: '0912345678', password: 'KhaiTri@2026' };
const SHARED_TARGET = 0.25;
const PERSONAL_TARGET = 0.1;

interface Page {
  label: string;
  url: string;
  target: number;
}

async function json<T>(url: string, init: RequestInit = {}): Promise<{ data: T; response: Response }> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text}`);
  return { data: (JSON.parse(text) as { data: T }).data, response };
}

/** Signs the demo learner in: the session cookies a browser would send, and a course they study with a lesson. */
async function signIn(origin: string) {
  const { data, response } = await json<{ token: string; user: { full_name: string } }>(
    `${origin}/api/user/login.json`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CREDENTIALS),
    },
  );
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  if (!cookie.includes('kt_user=')) throw new Error('The sign-in set no session cookie.');
  const { data: courses } = await json<Array<{ slug: string; last_lesson: { id: number } | null }>>(
    `${origin}/api/user/course/my.json?state=in_progress`,
    { headers: { authorization: `Bearer ${data.token}` } },
  );
  const course = courses.find((item) => item.last_lesson);
  if (!course?.last_lesson) throw new Error('The demo learner studies no course: the demo data is missing.');
  return { cookie, fullName: data.user.full_name, slug: course.slug, lessonId: course.last_lesson.id };
}

/**
 * One signed-in request before measuring: a 200 page. A page rendered for the learner names them; a
 * page shared by signed-in learners (served from the micro-cache) is rendered for nobody in
 * particular, and its personal bits from /ca-nhan.json must name them.
 */
async function checkSignedIn(origin: string, page: Page, headers: Record<string, string>, fullName: string) {
  const response = await fetch(origin + page.url, {
    headers: { ...headers, 'accept-encoding': 'identity' },
    redirect: 'manual',
  });
  const text = await response.text();
  if (response.status !== 200 || !(response.headers.get('content-type') ?? '').startsWith('text/html')) {
    throw new Error(`GET ${page.url} (signed in) answered ${response.status}: ${text.slice(0, 300)}`);
  }
  const shared = response.headers.has('x-page-cache');
  if (shared) {
    const personal = await fetch(`${origin}${personalUrl(page.url)}`, { headers });
    if (personal.status !== 200 || !(await personal.text()).includes(fullName)) {
      throw new Error(`${personalUrl(page.url)} answered ${personal.status} without the learner's name.`);
    }
  } else if (!text.includes(fullName)) {
    throw new Error(`GET ${page.url} (signed in) does not show the learner's name.`);
  }
  return { bytes: Buffer.byteLength(text), shared };
}

/** The request a shared page's browser makes for the viewer's own bits (app/components/personal.tsx). */
function personalUrl(pageUrl: string): string {
  // A study page's part depends on its lesson (`?bai=`), the others' on the path alone.
  const page = pageUrl.startsWith('/vao-hoc/') ? pageUrl : pageUrl.split('?')[0]!;
  return `/ca-nhan.json?trang=${encodeURIComponent(page)}`;
}

export const pagesBenchmark: ReportBenchmark = {
  kind: 'report',
  name: 'pages',
  title:
    'Signed-in pages (/, /khoa-hoc, a course, my courses, a lesson) vs the anonymous micro-cached home, same product',
  needsBuild: true,
  run: (settings) =>
    withServers(settings, async (start) => {
      const product = await start('product', { pages: true });
      const { cookie, fullName, slug, lessonId } = await signIn(product.origin);
      const anonymous = await fetch(`${product.origin}/`, { headers: BROWSER_PAGE_HEADERS });
      await anonymous.arrayBuffer();
      if (anonymous.status !== 200) throw new Error(`The anonymous home answered ${anonymous.status}.`);
      const pages: Page[] = [
        { label: 'home', url: '/', target: SHARED_TARGET },
        { label: 'courses', url: '/khoa-hoc', target: SHARED_TARGET },
        { label: 'course', url: `/khoa-hoc/${encodeURIComponent(slug)}`, target: SHARED_TARGET },
        { label: 'my courses', url: '/tai-khoan/khoa-hoc-cua-toi', target: PERSONAL_TARGET },
        { label: 'study', url: `/vao-hoc/${encodeURIComponent(slug)}?bai=${lessonId}`, target: PERSONAL_TARGET },
      ];
      const signedInHeaders = { ...BROWSER_PAGE_HEADERS, cookie };
      const baseline: Target = { ...product.target('/'), headers: BROWSER_PAGE_HEADERS };
      const lines: string[] = [`learner ${CREDENTIALS.username} (${fullName}), course ${slug}, lesson ${lessonId}`, ''];
      const checks: Check[] = [];
      for (const page of pages) {
        const { bytes, shared } = await checkSignedIn(product.origin, page, signedInHeaders, fullName);
        const wire = await wireBytes(product.origin + page.url, signedInHeaders);
        const comparison = await compareAlternating(
          baseline,
          { ...product.target(page.url), headers: signedInHeaders },
          settings,
        );
        lines.push(
          `GET ${page.url} signed in (baseline: GET / anonymous, micro-cached)`,
          ...formatComparison(comparison, page.target, [
            `page ${bytes} B (${wire.bytes} B sent, ${wire.encoding}), ` +
              (shared ? 'shared by signed-in learners (micro-cached)' : 'rendered for the learner'),
          ]),
        );
        let value = `${comparison.ratio.toFixed(3)} (${Math.round(comparison.product.rps)}/s)`;
        if (shared) {
          // The browser then asks for the learner's own bits: a page view costs both answers.
          const bits = await compareAlternating(
            baseline,
            { ...product.target(personalUrl(page.url)), headers: { cookie } },
            settings,
          );
          const perView = 1 / (1 / comparison.product.rps + 1 / bits.product.rps);
          lines.push(
            `  then GET ${personalUrl(page.url)} (the learner's bits): ${Math.round(bits.product.rps)}/s, ` +
              `ratio ${bits.ratio.toFixed(3)}, p99 ${bits.product.p99} ms` +
              `${bits.product.non2xx + bits.product.errors > 0 ? ' ERRORS' : ''}; ` +
              `page + bits ${Math.round(perView)} views/s (${(perView / comparison.baseline.rps).toFixed(3)} of the baseline)`,
          );
          value += `; with its bits ${(perView / comparison.baseline.rps).toFixed(3)}`;
          if (bits.product.non2xx + bits.product.errors > 0) comparison.product.errors += 1;
        }
        lines.push('');
        checks.push({
          label: page.label,
          value,
          target: `≥ ${page.target}`,
          verdict: comparisonVerdict(comparison, page.target),
        });
      }
      lines.pop();
      return { lines, checks };
    }),
};

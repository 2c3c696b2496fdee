/**
 * Every studio page on a 360 px phone (demo seed, signed in as the admin): nothing scrolls the page
 * sideways (wide tables scroll inside their own box), and the links, buttons and disclosure toggles
 * outside running text are at least 24 px tall (WCAG 2.2 target size).
 *
 * The pages are read from app/routes.ts: a studio route without a URL in STUDIO_PAGES fails the test
 * by name, so a new studio page cannot be left out of this walk without anyone noticing.
 */
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import routes from '../../app/routes.ts';
import type { Database } from '../../db/schema.ts';
import { waitForHydration } from './browser.ts';
import { useJourney } from './journey.ts';
import { signInAsDemoAdmin } from './studio-session.ts';

const journey = useJourney();
const PHONE = { width: 360, height: 740 };

type Db = Kysely<Database>;
type PageUrls = (db: Db) => Promise<string[]>;

const fixed =
  (...urls: string[]): PageUrls =>
  async () =>
    urls;
async function first<T>(query: Promise<T | undefined>, what: string): Promise<T> {
  const row = await query;
  if (!row) throw new Error(`The demo seed has no ${what} to open.`);
  return row;
}

/** The seeded contest with the most submitted attempts (the finished one): the fullest tables. */
async function contestWithResults(db: Db): Promise<number> {
  const row = await first(
    db
      .selectFrom('exam_attempts')
      .select('contest_id')
      .where('status', '=', 'submitted')
      .groupBy('contest_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .executeTakeFirst(),
    'contest with submitted attempts',
  );
  return row.contest_id;
}

/**
 * The URLs that stand for each studio route (by its pattern in app/routes.ts): a real record of the
 * demo seed for a detail page, and the new-record form where the page has one.
 */
const STUDIO_PAGES: Record<string, PageUrls> = {
  '/studio': fixed('/studio'),
  '/studio/don-hang': fixed('/studio/don-hang'),
  '/studio/don-hang/:code': async (db) => {
    const order = await first(db.selectFrom('orders').select('code').orderBy('id').executeTakeFirst(), 'order');
    return [`/studio/don-hang/${order.code}`];
  },
  '/studio/hoc-vien': fixed('/studio/hoc-vien'),
  '/studio/hoc-vien/:id': async (db) => {
    const user = await first(
      db.selectFrom('users').select('id').where('role', '=', 'learner').orderBy('id').executeTakeFirst(),
      'learner',
    );
    return [`/studio/hoc-vien/${user.id}`];
  },
  '/studio/nhat-ky': fixed('/studio/nhat-ky'),
  '/studio/khoa-hoc': fixed('/studio/khoa-hoc'),
  '/studio/khoa-hoc/:id': async (db) => {
    // The course with the most lessons: the longest editor.
    const course = await first(
      db
        .selectFrom('lessons')
        .select('course_id')
        .groupBy('course_id')
        .orderBy((eb) => eb.fn.countAll(), 'desc')
        .executeTakeFirst(),
      'course with lessons',
    );
    return [`/studio/khoa-hoc/${course.course_id}`];
  },
  '/studio/cong-tac-vien': fixed('/studio/cong-tac-vien'),
  '/studio/cong-tac-vien/ty-le': fixed('/studio/cong-tac-vien/ty-le'),
  '/studio/cong-tac-vien/:id': async (db) => {
    const affiliate = await first(db.selectFrom('affiliates').select('id').executeTakeFirst(), 'affiliate');
    return [`/studio/cong-tac-vien/${affiliate.id}`];
  },
  '/studio/banner': fixed('/studio/banner'),
  '/studio/banner/:id': async (db) => {
    const banner = await first(db.selectFrom('banners').select('id').executeTakeFirst(), 'banner');
    return [`/studio/banner/${banner.id}`, '/studio/banner/moi'];
  },
  '/studio/banner/vi-tri/:placement': async (db) => {
    const banner = await first(db.selectFrom('banners').select('placement').executeTakeFirst(), 'banner');
    return [`/studio/banner/vi-tri/${banner.placement}`];
  },
  '/studio/menu': fixed('/studio/menu'),
  '/studio/cau-hinh': fixed('/studio/cau-hinh'),
  '/studio/dieu-huong': fixed('/studio/dieu-huong'),
  '/studio/giang-vien': fixed('/studio/giang-vien'),
  '/studio/giang-vien/:id': async (db) => {
    const teacher = await first(db.selectFrom('teachers').select('id').executeTakeFirst(), 'teacher');
    return [`/studio/giang-vien/${teacher.id}`, '/studio/giang-vien/moi'];
  },
  '/studio/chu-de': fixed('/studio/chu-de'),
  '/studio/khuyen-mai': fixed('/studio/khuyen-mai'),
  '/studio/khuyen-mai/:id': async (db) => {
    const promotion = await first(db.selectFrom('promotions').select('id').executeTakeFirst(), 'promotion');
    return [`/studio/khuyen-mai/${promotion.id}`, '/studio/khuyen-mai/moi'];
  },
  '/studio/ma-kich-hoat': fixed('/studio/ma-kich-hoat'),
  '/studio/ma-kich-hoat/:batch': async (db) => {
    const code = await first(db.selectFrom('activation_codes').select('batch').executeTakeFirst(), 'activation code');
    return [`/studio/ma-kich-hoat/${encodeURIComponent(code.batch)}`];
  },
  '/studio/goi-cuoc': fixed('/studio/goi-cuoc'),
  '/studio/chuyen-khoan': fixed('/studio/chuyen-khoan', '/studio/chuyen-khoan?view=tat-ca'),
  '/studio/hoa-don': fixed('/studio/hoa-don', '/studio/hoa-don?state=failed'),
  '/studio/du-lieu-ca-nhan': fixed('/studio/du-lieu-ca-nhan', '/studio/du-lieu-ca-nhan?kind=deletion'),
  '/studio/goi-cuoc/:id': async (db) => {
    const subscription = await first(db.selectFrom('subscriptions').select('id').executeTakeFirst(), 'subscription');
    return [`/studio/goi-cuoc/${subscription.id}`];
  },
  '/studio/cau-hoi': fixed('/studio/cau-hoi'),
  '/studio/hop-tac': fixed('/studio/hop-tac'),
  '/studio/hop-tac/:id': async (db) => {
    const request = await first(db.selectFrom('partnership_requests').select('id').executeTakeFirst(), 'request');
    return [`/studio/hop-tac/${request.id}`];
  },
  '/studio/bai-viet': fixed('/studio/bai-viet'),
  '/studio/bai-viet/:id': async (db) => [await postPage(db, 'post', 'bai-viet'), '/studio/bai-viet/moi'],
  '/studio/giai-phap': fixed('/studio/giai-phap'),
  '/studio/giai-phap/:id': async (db) => [await postPage(db, 'solution', 'giai-phap')],
  '/studio/tro-giup': fixed('/studio/tro-giup'),
  '/studio/tro-giup/:id': async (db) => {
    const article = await first(db.selectFrom('support_articles').select('id').executeTakeFirst(), 'help article');
    return [`/studio/tro-giup/${article.id}`];
  },
  '/studio/trang': fixed('/studio/trang'),
  '/studio/trang/:id': async (db) => {
    const page = await first(db.selectFrom('pages').select('id').executeTakeFirst(), 'page');
    return [`/studio/trang/${page.id}`, '/studio/trang/moi'];
  },
  '/studio/danh-muc': fixed('/studio/danh-muc'),
  '/studio/the': fixed('/studio/the'),
  '/studio/ho-tro': fixed('/studio/ho-tro'),
  '/studio/ho-tro/:id': async (db) => {
    const request = await first(db.selectFrom('support_requests').select('id').executeTakeFirst(), 'support request');
    return [`/studio/ho-tro/${request.id}`];
  },
  '/studio/bao-loi': fixed('/studio/bao-loi'),
  '/studio/thong-bao': fixed('/studio/thong-bao'),
  '/studio/de-thi': fixed('/studio/de-thi'),
  '/studio/de-thi/nhap': fixed('/studio/de-thi/nhap'),
  '/studio/de-thi/:id': async (db) => {
    const exam = await first(db.selectFrom('exams').select('id').orderBy('id').executeTakeFirst(), 'exam');
    return [`/studio/de-thi/${exam.id}`, '/studio/de-thi/moi'];
  },
  '/studio/de-thi/:id/cau-hoi/:question': async (db) => {
    // A true/false group: the widest key editor.
    const question = await first(
      db
        .selectFrom('exam_questions')
        .select(['id', 'exam_id'])
        .where('type', '=', 'true_false')
        .orderBy('id')
        .executeTakeFirst(),
      'true/false question',
    );
    return [`/studio/de-thi/${question.exam_id}/cau-hoi/${question.id}`];
  },
  '/studio/ky-thi': fixed('/studio/ky-thi'),
  '/studio/ky-thi/:id': async (db) => {
    const contest = await first(
      db.selectFrom('exam_contests').select('id').where('kind', '=', 'contest').orderBy('id').executeTakeFirst(),
      'exam contest',
    );
    return [`/studio/ky-thi/${contest.id}`, '/studio/ky-thi/moi'];
  },
  '/studio/ky-thi/:id/theo-doi': async (db) => [`/studio/ky-thi/${await contestWithResults(db)}/theo-doi`],
  '/studio/ky-thi/:id/ket-qua': async (db) => [`/studio/ky-thi/${await contestWithResults(db)}/ket-qua`],
  '/studio/ky-thi/:id/phan-tich': async (db) => [`/studio/ky-thi/${await contestWithResults(db)}/phan-tich`],
  '/studio/tac-vu': fixed('/studio/tac-vu'),
};

async function postPage(db: Db, type: 'post' | 'solution', section: string): Promise<string> {
  const post = await first(db.selectFrom('posts').select('id').where('type', '=', type).executeTakeFirst(), type);
  return `/studio/${section}/${post.id}`;
}

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** The URL patterns of every route under `studio` in app/routes.ts. */
function studioPatterns(): string[] {
  const studio = (routes as RouteEntry[]).find((entry) => entry.path === 'studio');
  if (!studio?.children) throw new Error('app/routes.ts has no studio route with children.');
  const walk = (entries: RouteEntry[], prefix: string): string[] =>
    entries.flatMap((entry) => {
      const here = entry.index || !entry.path ? prefix : `${prefix}/${entry.path}`;
      return [...(entry.path || entry.index ? [here] : []), ...walk(entry.children ?? [], here)];
    });
  return [...new Set(walk(studio.children, '/studio'))];
}

/** What does not fit: the page's sideways overflow, and controls outside running text under 24 px tall. */
function measure(page: Page) {
  return page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('a[href], button, summary')) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width <= 1 || box.height <= 1 || box.right <= 0 || style.visibility === 'hidden') continue;
      // A link inside a sentence is exempt (WCAG 2.5.8 "inline"); so is what is only announced or off screen.
      if (style.display === 'inline' && element.closest('p')) continue;
      if (box.height < 24)
        small.push(`${(element.textContent ?? '').trim().slice(0, 40)} (${Math.round(box.height)} px)`);
    }
    return { overflow, small };
  });
}

describe('the studio on a 360 px phone', () => {
  it('has a URL for every studio route of app/routes.ts (add new studio pages to STUDIO_PAGES)', () => {
    const patterns = studioPatterns();
    const missing = patterns.filter((pattern) => !(pattern in STUDIO_PAGES));
    expect(
      missing,
      `studio routes with no URL in STUDIO_PAGES (tests/e2e/studio-phone-layout.test.ts): ${missing.join(', ')}`,
    ).toEqual([]);
    const stale = Object.keys(STUDIO_PAGES).filter((pattern) => !patterns.includes(pattern));
    expect(stale, `STUDIO_PAGES names routes app/routes.ts no longer has: ${stale.join(', ')}`).toEqual([]);
  });

  // The walk grows with every studio page (70-odd URLs): more than the default minute on a loaded machine.
  it('fits every studio page: no sideways scroll, controls at least 24 px tall', async () => {
    const db = journey.server.context.db;
    const urls = (await Promise.all(studioPatterns().map((pattern) => STUDIO_PAGES[pattern]?.(db) ?? []))).flat();
    const { page, watch } = await journey.openPage(PHONE);
    await signInAsDemoAdmin(journey, page);

    const problems: string[] = [];
    for (const url of urls) {
      const response = await page.goto(journey.url(url));
      if (response?.status() !== 200) {
        problems.push(`${url}: HTTP ${response?.status()}`);
        continue;
      }
      await waitForHydration(page);
      const { overflow, small } = await measure(page);
      if (overflow > 0) problems.push(`${url}: scrolls ${overflow} px sideways`);
      if (small.length > 0) problems.push(`${url}: small targets ${small.join('; ')}`);
      // The way back to the learner site stays on screen.
      const back = await page.getByRole('link', { name: 'Về trang học' }).boundingBox();
      if (!back || back.x + back.width > PHONE.width) problems.push(`${url}: "Về trang học" is off screen`);
    }
    expect(problems).toEqual([]);
    expect(urls.length).toBeGreaterThanOrEqual(studioPatterns().length);
    expect(watch.unexpected()).toEqual([]);
  }, 180_000);
});

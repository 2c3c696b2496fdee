/**
 * A learner's way from the course page to the checkout, through the real app and the built pages, as
 * a browser without JavaScript uses them (issue 16): the package chosen on the course page is the one
 * in the cart, the checkout and the order ("Mua ngay" goes straight on); the header's cart count is
 * the cart's own (anonymous carts by their cookie); free previews of video lessons open to anyone,
 * their signed video URLs included, and the course page plays them. Needs the built app.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { createCourse, createLesson } from '../factories/catalog.ts';
import { createPaidCourse } from '../factories/commerce.ts';
import { cookiesOf, decodeHtml, getPage, signIn, submitForm } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { buildTestClipArgs, runTool } from '../../modules/video/ffmpeg.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ pages: true });
});

afterAll(async () => {
  await t?.close();
});

const CHECKOUT = '/gio-hang/thanh-toan';
const get = (url: string, cookie = '') => getPage(t, url, cookie);

/** Text of the element marked `data-testid="{id}"`. */
function testId(html: string, id: string): string | undefined {
  return new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
}

/** A course sold in packages only: a day package and a week package, like MobiEnglish. */
async function packagedCourse() {
  const course = await createCourse(
    t.db,
    { type: 'no_retail', price_new: null, title: 'Tiếng Anh mỗi ngày' },
    {
      pods: [
        { cycle: 1, price: 3_000, name: 'Gói ngày' },
        { cycle: 2, price: 15_000, name: 'Gói tuần' },
      ],
    },
  );
  const [day, week] = await t.db
    .selectFrom('course_pods')
    .select('id')
    .where('course_id', '=', course.id)
    .orderBy('position')
    .execute();
  return { ...course, day: day!.id, week: week!.id };
}

async function newLearner() {
  const user = await createUser(t.db);
  return { user, cookie: (await signIn(t, user.phone!, user.password)).cookie.cookie };
}

const cartPods = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/cart.json', headers: cookie ? { cookie } : {} }))
    .json()
    .data.items.map((item: { pod_id: number }) => item.pod_id);

describe('the course page’s packages', () => {
  it('are a radio group, the first one checked, whose choice the form posts', async () => {
    const course = await packagedCourse();
    const page = decodeHtml((await get(`/khoa-hoc/${course.slug}`)).body);
    expect(page).toContain('<legend class="mb-2 text-sm font-semibold text-slate-800">Chọn gói học</legend>');
    const radios = [...page.matchAll(/<input type="radio"[^>]*name="pod_id"[^>]*>/g)].map((match) => match[0]);
    expect(radios).toHaveLength(2);
    expect(radios[0]).toContain(`value="${course.day}"`);
    expect(radios[0]).toContain('checked=""');
    expect(radios[1]).toContain(`value="${course.week}"`);
    expect(radios[1]).not.toContain('checked');
    expect(page).toMatch(/data-testid="course-price"[\s\S]*?3\.000đ\/ngày/);
    expect(page).toMatch(/<button type="submit" value="buy"[^>]* name="intent">Mua ngay<\/button>/);
    expect(page).toMatch(/<button type="submit" value="add"[^>]* name="intent">Thêm vào giỏ hàng<\/button>/);
  });

  it('"Thêm vào giỏ hàng" puts the chosen package in an anonymous cart, then shows the cart and its count', async () => {
    const course = await packagedCourse();
    const added = await submitForm(t, `/khoa-hoc/${course.slug}`, { intent: 'add', pod_id: String(course.week) });
    expect(added.statusCode).toBe(302);
    expect(added.headers.location).toBe('/gio-hang?da-them=1');
    // A form post also sets the device cookie (kt_device) beside the cart's.
    const cookie = cookiesOf(added);
    expect(cookie).toMatch(/(^|; )kt_cart=[\w-]{16,64}(;|$)/);
    expect(await cartPods(cookie)).toEqual([course.week]);

    const cart = decodeHtml((await get('/gio-hang?da-them=1', cookie)).body);
    expect(cart).toContain('Đã thêm khóa học vào giỏ hàng.');
    expect(cart).toContain('Gói tuần');
    expect(testId(cart, 'cart-total')).toBe('15.000đ');
    expect(testId(cart, 'cart-count')).toBe('1');
    expect(cart).toContain('aria-label="Giỏ hàng (1 khóa học)"');
  });

  it('"Mua ngay" signed out switches the package, then goes to the checkout through the sign-in page', async () => {
    const course = await packagedCourse();
    const first = await submitForm(t, `/khoa-hoc/${course.slug}`, { intent: 'add', pod_id: String(course.week) });
    const anonymous = cookiesOf(first);
    const buy = await submitForm(
      t,
      `/khoa-hoc/${course.slug}`,
      { intent: 'buy', pod_id: String(course.day) },
      anonymous,
    );
    expect(buy.statusCode).toBe(302);
    expect(buy.headers.location).toBe(`/dang-nhap?redirect=${encodeURIComponent(CHECKOUT)}`);
    expect(await cartPods(anonymous)).toEqual([course.day]);

    // The learner's own cart held the week package: the choice made just before signing in wins.
    const { cookie } = await newLearner();
    await submitForm(t, `/khoa-hoc/${course.slug}`, { intent: 'add', pod_id: String(course.week) }, cookie);
    const checkout = decodeHtml((await get(CHECKOUT, `${cookie}; ${anonymous}`)).body);
    expect(checkout).toMatch(/Tiếng Anh mỗi ngày(<!-- -->)? <span[^>]*>· (<!-- -->)?Gói ngày<\/span>/);
    expect(testId(checkout, 'checkout-total')).toBe('3.000đ');
    expect(await cartPods(cookie)).toEqual([course.day]);
  });

  it('"Mua ngay" signed in goes straight to the checkout, and the order holds the chosen package', async () => {
    const course = await packagedCourse();
    const { user, cookie } = await newLearner();
    const buy = await submitForm(t, `/khoa-hoc/${course.slug}`, { intent: 'buy', pod_id: String(course.week) }, cookie);
    expect(buy.statusCode).toBe(302);
    expect(buy.headers.location).toBe(CHECKOUT);
    // Already in the cart: "Mua ngay" again still goes on to pay.
    const again = await submitForm(
      t,
      `/khoa-hoc/${course.slug}`,
      { intent: 'buy', pod_id: String(course.week) },
      cookie,
    );
    expect(again.headers.location).toBe(CHECKOUT);

    const checkout = decodeHtml((await get(CHECKOUT, cookie)).body);
    expect(checkout).toContain('Gói tuần');
    expect(testId(checkout, 'checkout-total')).toBe('15.000đ');
    // No discount: no "Giảm giá" line, and nothing reads "Miễn phí".
    expect(checkout).not.toContain('Giảm giá (');
    expect(checkout).not.toContain('Miễn phí');

    const placed = await submitForm(t, CHECKOUT, { intent: 'pay', payment_method: 'momo' }, cookie);
    expect(placed.statusCode).toBe(302);
    const items = await t.db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['order_items.pod_id', 'order_items.price', 'order_items.cycle'])
      .where('orders.user_id', '=', user.id)
      .execute();
    expect(items).toEqual([{ pod_id: course.week, price: 15_000, cycle: 2 }]);
  });

  it('says why a package cannot be bought, on the course page, and asks for a package when none is sent', async () => {
    const course = await packagedCourse();
    const missing = await submitForm(t, `/khoa-hoc/${course.slug}`, { intent: 'buy' });
    expect(missing.statusCode).toBe(400);
    expect(decodeHtml(missing.body)).toContain('Vui lòng chọn gói học.');

    const { cookie } = await newLearner();
    await submitForm(t, `/khoa-hoc/${course.slug}`, { intent: 'add', pod_id: String(course.day) }, cookie);
    const twice = await submitForm(
      t,
      `/khoa-hoc/${course.slug}`,
      { intent: 'add', pod_id: String(course.day) },
      cookie,
    );
    expect(twice.statusCode).toBe(409);
    expect(decodeHtml(twice.body)).toContain('Khóa học này đã có trong giỏ hàng.');
  });
});

describe('the MobiEnglish landing page', () => {
  it('offers each package to buy, posting it to the course page’s "Mua ngay"', async () => {
    const course = await createCourse(
      t.db,
      { type: 'api', price_new: null, title: 'MobiEnglish', slug: 'mobienglish-tieng-anh-moi-ngay' },
      {
        pods: [
          { cycle: 1, price: 3_000, name: 'Gói ngày' },
          { cycle: 2, price: 15_000, name: 'Gói tuần' },
        ],
      },
    );
    const page = decodeHtml((await get('/mobienglish')).body);
    const forms = [...page.matchAll(/<form[^>]*action="\/khoa-hoc\/([^"]+)"[^>]*>[\s\S]*?<\/form>/g)];
    expect(forms.map((form) => form[1])).toEqual([course.slug, course.slug]);
    expect(forms[1]![0]).toContain('name="intent" value="buy"');
    expect(forms[1]![0]).toContain('Đăng ký Gói tuần');
    const week = /name="pod_id" value="(\d+)"/.exec(forms[1]![0])![1]!;
    const { cookie } = await newLearner();
    const buy = await submitForm(t, `/khoa-hoc/${course.slug}`, { intent: 'buy', pod_id: week }, cookie);
    expect(buy.headers.location).toBe(CHECKOUT);
    expect(await cartPods(cookie)).toEqual([Number(week)]);
  });
});

describe('the header’s cart count', () => {
  it('counts the lines of the cart the cart page shows: anonymous by its cookie, signed in with what joins at sign-in', async () => {
    const [a, b, c] = [await createPaidCourse(t.db), await createPaidCourse(t.db), await createPaidCourse(t.db)];
    const empty = await get('/khoa-hoc');
    expect(testId(empty.body, 'cart-count')).toBeUndefined();
    expect(empty.body).toContain('aria-label="Giỏ hàng"');

    const anonymous = cookiesOf(await get(`/gio-hang?pod=${a.podId}`));
    await get(`/gio-hang?pod=${b.podId}`, anonymous);
    expect(testId((await get('/khoa-hoc', anonymous)).body, 'cart-count')).toBe('2');
    expect(await t.services.cart.count(undefined, anonymous.split('=')[1])).toBe(2);

    // Signed in with a cart of their own (b and c) and the anonymous cookie (a and b): a, b, c.
    const { cookie } = await newLearner();
    await get(`/gio-hang?pod=${b.podId}`, cookie);
    await get(`/gio-hang?pod=${c.podId}`, cookie);
    expect(testId((await get('/khoa-hoc', cookie)).body, 'cart-count')).toBe('2');
    expect(testId((await get('/khoa-hoc', `${cookie}; ${anonymous}`)).body, 'cart-count')).toBe('3');
    const merged = await get('/gio-hang', `${cookie}; ${anonymous}`);
    expect(testId(merged.body, 'cart-count')).toBe('3');
    expect((await cartPods(cookie)).length).toBe(3);
  });
});

describe('free previews of video lessons', () => {
  let course: Awaited<ReturnType<typeof createCourse>>;
  let preview: number;
  let locked: number;

  beforeAll(async () => {
    course = await createCourse(t.db, { price_new: 450_000 }, { pods: [{ cycle: 5, price: 450_000 }] });
    preview = (
      await createLesson(t.db, {
        course_id: course.id,
        title: 'Giới thiệu khóa học và lộ trình',
        content_type: 'video',
        is_preview: 1,
      })
    ).id;
    locked = (await createLesson(t.db, { course_id: course.id, content_type: 'video' })).id;
    const clip = path.join(t.dataDir, 'preview.mp4');
    await runTool('ffmpeg', buildTestClipArgs(clip, { seconds: 2, width: 426, height: 240 }));
    await t.services.video.ingestFile(preview, clip);
    await t.services.video.ingestFile(locked, clip);
    const worker = t.services.video.createWorker({ backoffMs: () => 0 });
    while ((await worker.runOnce()) !== 'idle');
  }, 120_000);

  it('open to anyone, signed out and signed in, with signed video URLs that play for them', async () => {
    const { cookie } = await newLearner();
    for (const viewer of ['', cookie]) {
      const details = await t.app.inject({
        method: 'GET',
        url: `/api/user/lesson/details.json?id=${preview}`,
        headers: viewer ? { cookie: viewer } : {},
      });
      expect(details.statusCode).toBe(200);
      const lesson = details.json().data;
      expect(lesson).toMatchObject({ access: 'preview', content_type: 'video', video: { status: 'ready' } });
      const master = await t.app.inject({ method: 'GET', url: lesson.video.master_url });
      expect(master.statusCode).toBe(200);
      const variant = master.body.split('\n').find((line: string) => line.startsWith('/media/hls/'))!;
      const playlist = await t.app.inject({ method: 'GET', url: variant });
      const segment = playlist.body.split('\n').find((line: string) => line.startsWith('/media/hls/'))!;
      const bytes = await t.app.inject({ method: 'GET', url: segment });
      expect(bytes.statusCode).toBe(200);
      expect(bytes.headers['content-type']).toBe('video/mp2t');
    }
    const closed = await t.app.inject({ method: 'GET', url: `/api/user/lesson/video.json?lesson_id=${locked}` });
    expect(closed.statusCode).toBe(401);
  });

  it('play on the course page with the study page’s player, and lead to the study page', async () => {
    const page = decodeHtml((await get(`/khoa-hoc/${course.slug}?xem-thu=${preview}`)).body);
    expect(page).toContain('Học thử: <!-- -->Giới thiệu khóa học và lộ trình');
    expect(page).toContain('aria-label="Trình phát video.');
    expect(page).toMatch(/<video[^>]*poster="\/media\/hls\/\d+\/poster\.jpg\?l=\d+&exp=\d+&sig=[0-9a-f]{64}"/);
    expect(page).toContain(`href="/vao-hoc/${course.slug}?bai=${preview}"`);

    const refused = decodeHtml((await get(`/khoa-hoc/${course.slug}?xem-thu=${locked}`)).body);
    expect(refused).toContain('Vui lòng đăng nhập để học bài này.');
    expect(refused).not.toContain('aria-label="Trình phát video.');
  });
});

/**
 * The avatar journey in Chromium against the real product (issue 3): a signed-in learner picks a
 * real PNG on /tai-khoan/ho-so; it goes through PUT s3.json → the signed upload → avatar.json and
 * shows on the page and in the header menu, re-encoded. A file that is not an image is refused
 * with a Vietnamese message, whether its type gives it away or only its bytes do.
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts.ts';
import { waitForHydration, type PageWatch } from './browser.ts';
import { useJourney } from './journey.ts';

const NOT_SUPPORTED = 'Chỉ hỗ trợ ảnh JPEG, PNG, WebP hoặc GIF.';
const NOT_AN_IMAGE = 'Tệp tải lên không phải là ảnh hợp lệ. Vui lòng chọn ảnh JPEG, PNG, WebP hoặc GIF.';

const journey = useJourney();

const url = (path: string) => journey.url(path);

/** A new learner, signed in through the login page and landed on the profile page. */
async function signInToProfile(fullName: string): Promise<{ page: Page; watch: PageWatch; userId: number }> {
  const user = await createUser(journey.server.context.db, { full_name: fullName });
  const { page, watch } = await journey.openPage({ width: 1280, height: 800 });
  await page.goto(url('/dang-nhap?redirect=%2Ftai-khoan%2Fho-so'));
  await waitForHydration(page);
  await page.getByLabel('Số điện thoại hoặc email').fill(`0${user.phone!.slice(2)}`);
  await page.getByLabel('Mật khẩu').fill(user.password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL(url('/tai-khoan/ho-so'));
  await waitForHydration(page);
  return { page, watch, userId: user.id };
}

const avatarSection = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Ảnh đại diện', exact: true }) });

/** The pixel width of a loaded picture (0 while loading or broken). */
const loadedWidth = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.naturalWidth);

async function readStoredAvatar(userId: number): Promise<string | null> {
  const row = await journey.server.context.db
    .selectFrom('users')
    .select('avatar_url')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.avatar_url;
}

describe('the avatar', () => {
  it('uploads a PNG picked on the profile page and shows it there and in the header menu', async () => {
    const fullName = 'Hoàng Thị Ảnh';
    const { page, watch, userId } = await signInToProfile(fullName);
    const section = avatarSection(page);
    expect(await section.locator('img').count()).toBe(0);
    const header = page.locator('summary', { hasText: fullName });
    expect(await header.getByTestId('header-avatar').count()).toBe(0);

    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 11, g: 95, b: 255 } },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel('Chọn ảnh đại diện')
      .setInputFiles({ name: 'ảnh chân dung.png', mimeType: 'image/png', buffer: png });

    await expect.poll(() => section.getByRole('status').textContent()).toBe('Đã cập nhật ảnh đại diện.');
    const stored = await readStoredAvatar(userId);
    expect(stored).toMatch(new RegExp(`^/uploads/avatars/${userId}/[\\w-]+\\.webp$`));

    const onPage = section.locator('img');
    expect(await onPage.getAttribute('src')).toBe(stored);
    await expect.poll(() => loadedWidth(onPage)).toBe(512);
    const inHeader = header.getByTestId('header-avatar');
    await expect.poll(() => inHeader.getAttribute('src')).toBe(stored);
    await expect.poll(() => loadedWidth(inHeader)).toBe(512);
    expect(await section.getByText('Đổi ảnh đại diện').isVisible()).toBe(true);

    // Re-encoded: a 512×512 WebP square, whatever was sent.
    const served = await page.request.get(url(stored!));
    expect(served.status()).toBe(200);
    expect(await sharp(await served.body()).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });

    // Still there on the next visit.
    await page.reload();
    await waitForHydration(page);
    expect(await avatarSection(page).locator('img').getAttribute('src')).toBe(stored);
    expect(await page.locator('summary', { hasText: fullName }).getByTestId('header-avatar').getAttribute('src')).toBe(
      stored,
    );
    expect(watch.unexpected()).toEqual([]);
  });

  it('refuses a file that is not an image, with a Vietnamese message, and keeps no avatar', async () => {
    const { page, watch, userId } = await signInToProfile('Trịnh Văn Tệp');
    const section = avatarSection(page);
    const picker = page.getByLabel('Chọn ảnh đại diện');

    // A text file: refused before anything is sent.
    await picker.setInputFiles({ name: 'bai-tap.txt', mimeType: 'text/plain', buffer: Buffer.from('Bài tập về nhà') });
    await expect.poll(() => section.getByRole('alert').textContent()).toBe(NOT_SUPPORTED);

    // Text dressed up as a PNG: uploaded, then refused by the server, which reads the bytes.
    await picker.setInputFiles({
      name: 'anh.png',
      mimeType: 'image/png',
      buffer: Buffer.from('không phải ảnh '.repeat(20)),
    });
    await expect.poll(() => section.getByRole('alert').textContent()).toBe(NOT_AN_IMAGE);

    expect(await readStoredAvatar(userId)).toBeNull();
    expect(await section.locator('img').count()).toBe(0);
    expect(await picker.isEnabled()).toBe(true);
    // The refusal of avatar.json is a deliberate 422, which Chromium logs as a console error.
    const avatarRefusal = /status of 422 .*\/api\/user\/avatar\.json\)$/;
    expect(watch.unexpected().filter((line) => !avatarRefusal.test(line))).toEqual([]);
  });
});

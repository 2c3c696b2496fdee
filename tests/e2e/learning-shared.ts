/** Shared steps of the learning-extras journeys. */
import type { Page } from 'playwright-core';
import { waitForHydration } from './browser.ts';
import type { Journey } from './journey.ts';
import { findDemoStudy } from '../helpers/learning.ts';

/** Signs the demo learner in from the login page and lands on `path`. */
export async function signInDemoLearnerAt(journey: Journey, page: Page, path: string): Promise<void> {
  await page.goto(journey.url(`/dang-nhap?redirect=${encodeURIComponent(path)}`));
  await waitForHydration(page);
  await page.getByLabel('Số điện thoại hoặc email').fill('0912345678');
  await page.getByLabel('Mật khẩu').fill('KhaiTri@2026');
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL(journey.url(path));
  await waitForHydration(page);
}

/** The demo learner's course and lessons, with the study page path of one lesson. */
export async function demoStudy(journey: Journey) {
  const study = await findDemoStudy(journey.server.context.db);
  return {
    ...study,
    /** The study page with one lesson open (the study page's `bai` parameter). */
    studyPath: (lessonId: number) => `/vao-hoc/${study.slug}?bai=${lessonId}`,
  };
}

/** The learner signed out elsewhere after the page came: their own bits (/ca-nhan.json) name nobody. */
export async function endSessionElsewhere(page: Page): Promise<void> {
  await page.route('**/ca-nhan.json*', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ viewer: null, unreadNotifications: 0, cartCount: 0, page: null }),
    }),
  );
}

/** The studio journeys' first step: the demo admin signs in and lands on the studio. */
import type { Page } from 'playwright-core';
import { waitForHydration } from './browser.ts';
import type { Journey } from './journey.ts';

export async function signInAsDemoAdmin(journey: Journey, page: Page): Promise<void> {
  await page.goto(journey.url('/dang-nhap?redirect=%2Fstudio'));
  await waitForHydration(page);
  await page.getByLabel('Số điện thoại hoặc email').fill('quantri@khaitri.vn');
  await page.getByLabel('Mật khẩu').fill('KhaiTri@2026');
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL(journey.url('/studio'));
}

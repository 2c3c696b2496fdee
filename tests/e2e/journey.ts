/**
 * What every journey file sets up: one product server (demo seed) and one Chromium for the file, a
 * fresh browser context for each test. Call `useJourney()` at the top of a test file.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium, watchPage, type PageWatch } from './browser.ts';
import { openFrontDoor, type FrontDoor } from './front-door.ts';
import { startProductServer, type ProductServer } from './server.ts';
import type { TestContextOptions } from '../helpers/test-app.ts';

export interface Journey {
  readonly server: ProductServer;
  url(path: string): string;
  /** A new browser context (a phone-sized window by default) and its first page, watched. */
  openPage(viewport?: { width: number; height: number }): Promise<{ page: Page; watch: PageWatch }>;
}

/**
 * `frontDoor`: the product is reached through a relay opened before it listens, so PUBLIC_URL (where
 * gateways and the operator send the visitor back) reaches it; the browser uses the relay throughout
 * (as http://127.0.0.1:{port}, even when `publicHostname` makes PUBLIC_URL say another name).
 * `serveBuild`: how the server gets its React Router build (a journey swaps in a newer one).
 */
export function useJourney(
  env: Record<string, string> = {},
  options: { frontDoor?: boolean; publicHostname?: string; serveBuild?: TestContextOptions['serveBuild'] } = {},
): Journey {
  let server: ProductServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let door: FrontDoor | undefined;

  beforeAll(async () => {
    door = options.frontDoor ? await openFrontDoor() : undefined;
    // `publicHostname`: PUBLIC_URL names the door by another host name than the browser uses.
    const publicUrl =
      door && options.publicHostname ? door.origin.replace('127.0.0.1', options.publicHostname) : door?.origin;
    server = await startProductServer(publicUrl ? { ...env, PUBLIC_URL: publicUrl } : env, options.serveBuild);
    door?.forwardTo(Number(new URL(server.baseUrl).port));
    browser = await launchChromium();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await door?.close();
  });

  return {
    get server() {
      if (!server) throw new Error('The product server is not started yet (use it inside a test).');
      return server;
    },
    url(path) {
      return `${door ? door.origin : this.server.baseUrl}${path}`;
    },
    async openPage(viewport = { width: 390, height: 844 }) {
      context = await browser!.newContext({ viewport, locale: 'vi-VN' });
      const page = await context.newPage();
      return { page, watch: watchPage(page) };
    },
  };
}

/**
 * The problems of a journey, less Chromium's console line for the deliberate 4xx a page action
 * answers with form errors (`….data`); `statuses` are the ones this journey expects.
 */
export function unexpectedExceptFormErrors(watch: PageWatch, statuses: number[] = [400, 401, 422]): string[] {
  const expected = new RegExp(`status of (${statuses.join('|')}) .*\\.data\\)$`);
  return watch.unexpected().filter((line) => !expected.test(line));
}

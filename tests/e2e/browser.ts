/**
 * Debian's Chromium driven by playwright-core for the browser journeys, and what every journey
 * checks: no console error and no uncaught page error.
 */
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { readChromiumPath } from '../../config/env.ts';

/** What Chromium needs to run headless as root on a CI machine, quietly (ARCHITECTURE.md §2). */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchOptions {
  /**
   * Keep Chromium's back-forward cache on. Playwright turns it off by default (so that goBack()
   * always reaches the network); the came-from-404 rule is only observable with it on.
   */
  backForwardCache?: boolean;
}

/** A fresh Chromium; playwright-core gives each launch its own temporary user-data-dir. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: readChromiumPath(),
    args: CHROMIUM_ARGS,
    ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
  });
}

export interface PageProblem {
  kind: 'console' | 'pageerror';
  text: string;
  /** Where it came from: the script or resource URL, when Chromium says. */
  url: string;
}

export interface PageWatch {
  problems: PageProblem[];
  /**
   * The problems, less Chromium's own "Failed to load resource … 404" line for the given URLs
   * (compared without their query string): a 404 page's document or data is answered with 404 on
   * purpose, and Chromium logs that as a console error.
   */
  unexpected(expectedErrorDocuments?: string[]): string[];
}

/** Collects console errors and uncaught exceptions of a page from now on. */
export function watchPage(page: Page): PageWatch {
  const problems: PageProblem[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    problems.push({ kind: 'console', text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error: Error) => {
    problems.push({ kind: 'pageerror', text: `${error.name}: ${error.message}`, url: '' });
  });
  return {
    problems,
    unexpected(expectedErrorDocuments = []) {
      return problems
        .filter(
          (problem) =>
            !(
              problem.kind === 'console' &&
              problem.text.startsWith('Failed to load resource: the server responded with a status of 404') &&
              expectedErrorDocuments.includes(problem.url.split('?')[0] ?? '')
            ),
        )
        .map((problem) => `${problem.kind}: ${problem.text}${problem.url ? ` (${problem.url})` : ''}`);
    },
  };
}

/** Waits until React has hydrated the page (the shell marks <html data-hydrated="true">). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * Waits until React owns the element matched by `selector`. For the error screen, which the shell
 * effects (and so the hydration mark) do not run on.
 */
export async function waitForReactOn(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
  }, selector);
}

/** Marks the current document; a full page load loses the mark, a client-side navigation keeps it. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as Window & { __ktJourneyMark?: string }).__ktJourneyMark = 'same-document';
  });
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as Window & { __ktJourneyMark?: string }).__ktJourneyMark === 'same-document');
}

/** Waits for the document title (it changes after a client-side navigation's data arrives). */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
}

/**
 * How many elements show `text` (exactly) on screen: an element only announced to screen readers
 * (`sr-only`, clipped to 1 px) does not count.
 */
export async function shownTimes(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (wanted) =>
      [...document.body.querySelectorAll('*')].filter(
        (element) =>
          element.textContent?.trim() === wanted &&
          ![...element.children].some((child) => child.textContent?.trim() === wanted) &&
          element.getBoundingClientRect().width > 1,
      ).length,
    text,
  );
}

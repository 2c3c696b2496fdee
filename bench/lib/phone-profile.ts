/**
 * A cheap phone on mobile data, in Debian's Chromium driven by playwright-core: 1.6 Mbps down,
 * 750 kbps up, 150 ms round trip (Chromium's network emulation, per request), the CPU slowed 4×,
 * a 360 px screen, and a cold cache (a fresh browser context per run). Each run records what the
 * page's requests cost: script bytes on the wire, when the stylesheet was asked for, and every
 * media segment.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { readChromiumPath } from '../../config/env.ts';
import { CHROMIUM_ARGS } from '../../tests/e2e/browser.ts';

export const PHONE = {
  downKbps: 1600,
  upKbps: 750,
  roundTripMs: 150,
  cpuSlowdown: 4,
  viewport: { width: 360, height: 740 },
};

const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; SM-A025F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

export interface RequestRecord {
  url: string;
  type: string;
  /** ms since the run's start (the navigation, or the tap). */
  startedMs: number;
  /** Bytes on the wire (headers and the encoded body); 0 until it finished. */
  bytes: number;
}

export interface PhoneRun {
  page: Page;
  context: BrowserContext;
  cdp: CDPSession;
  requests: RequestRecord[];
  /** Forgets the requests so far and counts times from now. */
  restart(): void;
  /** ms since the last restart, on the clock of `requests`. */
  elapsed(): number;
  close(): Promise<void>;
}

export async function launchPhoneBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: readChromiumPath(), args: CHROMIUM_ARGS });
}

/** A new cold phone: its own context (no cache, no cookies), throttled, recording its requests. */
export async function openPhone(browser: Browser): Promise<PhoneRun> {
  const context = await browser.newContext({
    viewport: PHONE.viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: USER_AGENT,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.roundTripMs,
    downloadThroughput: (PHONE.downKbps * 1000) / 8,
    uploadThroughput: (PHONE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  // The largest contentful paint, as the page itself sees it.
  await page.addInitScript(() => {
    const state = window as unknown as { __lcp: number };
    state.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const requests: RequestRecord[] = [];
  const byId = new Map<string, RequestRecord>();
  let origin = performance.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    const record = {
      url: event.request.url,
      type: event.type ?? 'Other',
      startedMs: performance.now() - origin,
      bytes: 0,
    };
    byId.set(event.requestId, record);
    requests.push(record);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const record = byId.get(event.requestId);
    if (record) record.bytes = event.encodedDataLength;
  });
  return {
    page,
    context,
    cdp,
    requests,
    restart() {
      requests.length = 0;
      byId.clear();
      origin = performance.now();
    },
    elapsed: () => performance.now() - origin,
    close: () => context.close(),
  };
}

/** Loads a page cold and reads its LCP once the page has been quiet for a moment. */
export async function loadAndMeasure(
  run: PhoneRun,
  url: string,
): Promise<{ lcpMs: number; scriptBytes: number; cssAfterScripts: number }> {
  run.restart();
  const response = await run.page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  if (!response || response.status() !== 200) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
  await run.page.waitForTimeout(1500);
  const lcpMs = await run.page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  if (!lcpMs) throw new Error(`${url}: no largest contentful paint recorded`);
  const scripts = run.requests.filter((request) => request.type === 'Script');
  const css = run.requests.find((request) => request.type === 'Stylesheet');
  return {
    lcpMs,
    scriptBytes: scripts.reduce((sum, request) => sum + request.bytes, 0),
    cssAfterScripts: css ? scripts.filter((request) => request.startedMs < css.startedMs).length : -1,
  };
}

/**
 * `/sw.js` (decision 0019): the worker of public/sw.js behind the build's id and precache list. The
 * list names files of the client build only (the entry, the route manifest, the shell's route
 * modules, the stylesheet, a few public files), never the server build; the id is the one the page's
 * "new version" check reads; and pages rendered for a signed-in learner carry an account key the
 * worker separates their copies by. Needs the built app (`npx react-router build`).
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../tests/factories/accounts.ts';
import { getPage, signIn } from '../tests/helpers/auth.ts';
import { createTestContext, loadServerBuild, type TestContext } from '../tests/helpers/test-app.ts';
import { serviceWorkerBuild, viewerKey, VIEWER_HEADER } from './http/service-worker.ts';

const CLIENT = path.resolve('build/client');
const SERVER = path.resolve('build/server');

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ pages: true });
});

afterAll(async () => {
  await t.close();
});

/** Runs the prelude the server wrote in front of the worker and reads what it set. */
function preludeOf(script: string): { version: string; precache: string[] } {
  const firstLine = script.slice(0, script.indexOf('\n'));
  const sandbox = { self: {} as { KT_BUILD?: { version: string; precache: string[] } } };
  vm.runInNewContext(firstLine, sandbox);
  if (!sandbox.self.KT_BUILD) throw new Error('no build in front of the worker');
  return sandbox.self.KT_BUILD;
}

describe('/sw.js', () => {
  it('is public/sw.js behind the current build id, never cached without a check', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body.endsWith(fs.readFileSync('public/sw.js', 'utf8'))).toBe(true);

    const build = preludeOf(response.body);
    const manifest = await t.app.inject({ method: 'GET', url: '/_build/manifest.json' });
    expect(build.version).toBe((manifest.json() as { buildId: string }).buildId);
    // The page's "new version" check compares the same id with the one the page was built with.
    const home = await getPage(t, '/');
    const pageVersion = /window\.__reactRouterManifest = \{[\s\S]*?"version":\s*"([^"]+)"\s*\};/.exec(home.body)?.[1];
    expect(pageVersion).toBe(build.version);
  });

  it('precaches client files that exist, the shell of every page and the study frame, no server code', async () => {
    const { precache } = preludeOf((await t.app.inject({ method: 'GET', url: '/sw.js' })).body);
    expect(new Set(precache).size).toBe(precache.length);
    for (const file of precache) {
      expect(file, file).toMatch(/^\/[\w./@-]+$/);
      expect(fs.existsSync(path.join(CLIENT, file)), `${file} in build/client`).toBe(true);
    }
    // No file of the server build, and nothing but the client build's own files.
    const serverFiles = fs.readdirSync(SERVER, { recursive: true }).map(String);
    for (const file of precache) expect(serverFiles.some((server) => server.endsWith(path.basename(file)))).toBe(false);

    const home = (await getPage(t, '/')).body;
    const entry = /\/assets\/entry\.client-[\w-]+\.js/.exec(home)?.[0];
    const stylesheet = /\/assets\/app-[\w-]+\.css/.exec(home)?.[0];
    const routeManifest = /\/assets\/manifest-[\w-]+\.js/.exec(home)?.[0];
    for (const file of [entry, stylesheet, routeManifest, '/offline.js', '/favicon.svg', '/manifest.webmanifest']) {
      expect(precache, String(file)).toContain(file);
    }

    const build = await loadServerBuild();
    for (const id of ['root', 'layouts/default', 'layouts/learning', 'routes/study']) {
      expect(precache, id).toContain(build.assets.routes[id]!.module);
    }
    // The studio and the other pages' modules come when visited, not at install.
    expect(precache).not.toContain(build.assets.routes['routes/studio/layout']!.module);
    expect(precache).not.toContain(build.assets.routes['routes/course-detail']!.module);
    // A phone's first visit pays for it: the whole list stays small.
    const bytes = precache.reduce((sum, file) => sum + fs.statSync(path.join(CLIENT, file)).size, 0);
    expect(bytes).toBeLessThan(1_200_000);
  });

  it('follows the build: another version gives another worker', async () => {
    const build = await loadServerBuild();
    const next = { ...build, assets: { ...build.assets, version: 'next-build' } };
    expect(serviceWorkerBuild(next, CLIENT).version).toBe('next-build');
    expect(serviceWorkerBuild(next, CLIENT).precache).toEqual(serviceWorkerBuild(build, CLIENT).precache);
  });
});

describe('the account key on pages', () => {
  it('marks pages rendered for a signed-in learner, one key per account, and no anonymous page', async () => {
    const anonymous = await getPage(t, '/khoa-hoc');
    expect(anonymous.headers[VIEWER_HEADER]).toBeUndefined();

    const first = await createUser(t.db, { email: 'may-chung-1@example.vn' });
    const second = await createUser(t.db, { email: 'may-chung-2@example.vn' });
    const one = await signIn(t, first.email!, first.password);
    const two = await signIn(t, second.email!, second.password);
    const pageOne = await getPage(t, '/khoa-hoc', one.cookie.cookie);
    const pageTwo = await getPage(t, '/khoa-hoc', two.cookie.cookie);
    expect(pageOne.headers[VIEWER_HEADER]).toBe(viewerKey(first.id));
    expect(pageTwo.headers[VIEWER_HEADER]).toBe(viewerKey(second.id));
    expect(pageOne.headers[VIEWER_HEADER]).not.toBe(pageTwo.headers[VIEWER_HEADER]);
    // The same account on another session keeps its key; the key does not show the id.
    const again = await signIn(t, first.email!, first.password);
    expect((await getPage(t, '/', again.cookie.cookie)).headers[VIEWER_HEADER]).toBe(viewerKey(first.id));
    expect(viewerKey(first.id)).not.toContain(String(first.id));
    // JSON answers need no key: the worker never keeps them.
    const api = await t.app.inject({ method: 'GET', url: '/api/user/user.json', headers: one.cookie });
    expect(api.headers[VIEWER_HEADER]).toBeUndefined();
  });
});

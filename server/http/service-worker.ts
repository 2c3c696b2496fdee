/**
 * `/sw.js` (decision 0019): the service worker of `public/sw.js` (copied into the client build) with
 * the current build's id and precache list written in front of it, so that every build gives the
 * browser a byte-different worker (its update check) whose caches are named after the same id that
 * `/_build/manifest.json` reports (the page's "new version" check). Also marks the pages rendered for
 * a signed-in learner with `x-kt-viewer` (an opaque key of the account), which the worker uses to
 * keep one account's pages away from the next account on the same phone.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { rootStylesheets } from './unavailable-page.ts';

/**
 * The frame every page needs, the study page's (a learner studies there, online or not) and the
 * downloads page's (issue 21: what is on the device, opened offline).
 */
const SHELL_ROUTES = [
  'root',
  'layouts/default',
  'layouts/learning',
  'routes/study',
  'layouts/profile',
  'routes/account/downloads',
];
/** Files of `public/` the shell shows or the offline page uses (not fingerprinted: fetched fresh at install). */
const SHELL_FILES = ['/favicon.svg', '/manifest.webmanifest', '/icons/khai-tri-192.png', '/offline.js'];

export const VIEWER_HEADER = 'x-kt-viewer';

export interface ServiceWorkerBuild {
  version: string;
  precache: string[];
}

/**
 * What the worker stores at install: the client entry with its imports, the route manifest, the
 * modules of the shell's routes and the root stylesheets (all fingerprinted under /assets/), and the
 * few public files of SHELL_FILES that exist in the client build.
 */
export function serviceWorkerBuild(build: ServerBuild, clientDir: string): ServiceWorkerBuild {
  const { assets } = build;
  const files = new Set<string>([assets.url, assets.entry.module, ...assets.entry.imports]);
  for (const id of SHELL_ROUTES) {
    const route = assets.routes[id];
    if (!route) continue;
    files.add(route.module);
    for (const file of [...(route.imports ?? []), ...(route.css ?? [])]) files.add(file);
  }
  for (const href of rootStylesheets(build)) files.add(href);
  const assetFiles = [...files].filter((file) => file.startsWith('/assets/')).sort();
  const publicFiles = SHELL_FILES.filter((file) => fs.existsSync(path.join(clientDir, file)));
  return { version: assets.version, precache: [...assetFiles, ...publicFiles] };
}

/** The worker's source with the build written in front of it. */
export function serviceWorkerScript(source: string, build: ServiceWorkerBuild): string {
  return `self.KT_BUILD = ${JSON.stringify(build)};\n${source}`;
}

/** The opaque key of an account in `x-kt-viewer`: equal for the same account, unrelated across accounts. */
export function viewerKey(userId: number | string): string {
  return createHash('sha256').update(`kt-viewer:${userId}`).digest('base64url').slice(0, 22);
}

export interface ServiceWorkerOptions {
  getBuild: () => Promise<ServerBuild> | ServerBuild;
  /** The client build (build/client), which holds the copy of public/sw.js. */
  clientDir: string;
}

export function registerServiceWorker(app: FastifyInstance, options: ServiceWorkerOptions): void {
  const clientDir = path.resolve(options.clientDir);
  const source = fs.readFileSync(path.join(clientDir, 'sw.js'), 'utf8');
  let last: { version: string; script: string } | null = null;
  app.get('/sw.js', { schema: { hide: true } }, async (_request, reply) => {
    const build = await options.getBuild();
    if (last?.version !== build.assets.version) {
      last = {
        version: build.assets.version,
        script: serviceWorkerScript(source, serviceWorkerBuild(build, clientDir)),
      };
    }
    // The browser checks for a new worker on navigations; it must always see the current one.
    return reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(last.script);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const viewer = request.viewer;
    if (viewer && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header(VIEWER_HEADER, viewerKey(viewer.id));
    }
    done(null, payload);
  });
}

import type { AppLoadContext, ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { directLoader, runDirectLoader } from './direct-loaders.ts';

type Module = Record<string, unknown>;

function buildOf(routes: Record<string, { parentId?: string; path?: string; module: Module }>, marks: unknown[] = []) {
  return {
    entry: { module: { handleError: (error: unknown) => marks.push(error) } },
    routes: Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, { id, ...route }])),
  } as unknown as ServerBuild;
}

const json = async () => Response.json({ ok: true });
const context = {} as AppLoadContext;

describe('direct resource routes', () => {
  const build = buildOf({
    root: { path: '', module: { default: () => null, loader: json } },
    personal: { parentId: 'root', path: 'ca-nhan.json', module: { direct: true, loader: json } },
    nested: { parentId: 'section', path: 'bits.json', module: { direct: true, loader: json } },
    section: { parentId: 'root', path: 'tai-khoan', module: { default: () => null } },
    routed: { parentId: 'root', path: 'sitemap.xml', module: { loader: json } },
    page: { parentId: 'root', path: 'trang.json', module: { direct: true, default: () => null, loader: json } },
    param: { parentId: 'root', path: 'tep/:id.json', module: { direct: true, loader: json } },
  });

  it('are the fixed-path resource routes that opted in, for GET only', () => {
    expect(directLoader(build, 'GET', '/ca-nhan.json')).toBe(json);
    expect(directLoader(build, 'GET', '/tai-khoan/bits.json')).toBe(json);
    expect(directLoader(build, 'HEAD', '/ca-nhan.json')).toBeUndefined();
    expect(directLoader(build, 'POST', '/ca-nhan.json')).toBeUndefined();
    // Not opted in, a page with a component, a path with a parameter: left to the router.
    expect(directLoader(build, 'GET', '/sitemap.xml')).toBeUndefined();
    expect(directLoader(build, 'GET', '/trang.json')).toBeUndefined();
    expect(directLoader(build, 'GET', '/tep/1.json')).toBeUndefined();
    expect(directLoader(build, 'GET', '/tep/:id.json')).toBeUndefined();
  });

  it('answer what the loader answers, a thrown Response included', async () => {
    const request = new Request('http://localhost/ca-nhan.json');
    const sent = await runDirectLoader(build, json, request, context);
    expect(await sent.json()).toEqual({ ok: true });
    const plain = await runDirectLoader(build, async () => ({ page: null }), request, context);
    expect(plain.headers.get('content-type')).toContain('application/json');
    expect(await plain.json()).toEqual({ page: null });
    const thrown = await runDirectLoader(
      build,
      async () => {
        throw new Response(null, { status: 302, headers: { Location: '/dang-nhap' } });
      },
      request,
      context,
    );
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get('location')).toBe('/dang-nhap');
  });

  it('hand a failure to the app’s handleError and answer 500, as the router does', async () => {
    const marks: unknown[] = [];
    const failing = buildOf({}, marks);
    const error = new Error('database away');
    const sent = await runDirectLoader(
      failing,
      async () => {
        throw error;
      },
      new Request('http://localhost/ca-nhan.json'),
      context,
    );
    expect(sent.status).toBe(500);
    expect(marks).toEqual([error]);
  });
});

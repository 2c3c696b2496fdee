/** Page baseline: bare Fastify server-rendering a tiny React component with renderToString. */
import Fastify from 'fastify';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { serveInChild } from '../lib/child.ts';

function TinyPage({ title }: { title: string }) {
  return h(
    'html',
    { lang: 'vi' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, title)),
    h('body', null, h('main', null, h('h1', null, title), h('p', null, 'Học trực tuyến mọi lúc, mọi nơi'))),
  );
}

serveInChild<Record<string, never>>(async () => {
  const app = Fastify();
  app.get('/', async (_request, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8');
    return `<!DOCTYPE html>${renderToString(h(TinyPage, { title: 'Khai Trí' }))}`;
  });
  return { app };
});

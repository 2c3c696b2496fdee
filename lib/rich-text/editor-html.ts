/**
 * The rich-text editor's output (app/components/studio/rich-text-editor.tsx). Whatever the browser
 * leaves in the editable area (execCommand output differs between browsers, pasted HTML carries
 * anything), it is written back in one canonical form that the server's sanitiser (lib/sanitize.ts,
 * SPEC §5) returns unchanged: only the toolbar's elements (p, h2, h3, strong, em, ul/ol/li, a,
 * img, blockquote, br), only their attributes (a href, img src/alt), links and images only with
 * http(s), mailto, tel or site-relative addresses, text escaped the way the sanitiser escapes it,
 * everything NFC. Works on any DOM-shaped tree, so it is unit-tested without a browser.
 */

/** The part of a DOM node the serialiser reads (a browser Node satisfies it). */
export interface EditorNode {
  nodeType: number;
  nodeName: string;
  nodeValue?: string | null;
  childNodes: ArrayLike<EditorNode>;
  getAttribute?(name: string): string | null;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** Blocks the toolbar makes; other block-like elements become paragraphs. */
const BLOCKS = new Set(['p', 'h2', 'h3', 'blockquote', 'ul', 'ol']);
const BLOCK_LIKE = new Set(['div', 'section', 'article', 'header', 'footer', 'h1', 'h4', 'h5', 'h6', 'pre', 'li']);
const INLINE_RENAME: Record<string, string> = { b: 'strong', strong: 'strong', i: 'em', em: 'em' };
/** Dropped with their content. */
const DROP = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'head', 'title', 'meta']);

/** Addresses a link may have: http(s), mailto, tel, or a site path (not protocol-relative). */
const LINK_URL = /^(https?:\/\/[^\s"'<>`\\]+|mailto:[^\s"'<>`\\]+|tel:[+\d][\d\s.-]*|\/(?![/\\])[^\s"'<>`\\]*)$/i;
/** Addresses an image may have: http(s) or a site path. */
const IMAGE_URL = /^(https?:\/\/[^\s"'<>`\\]+|\/(?![/\\])[^\s"'<>`\\]*)$/i;
// Control characters (except tab and newline) and the byte-order mark never belong in content.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F\uFEFF]/g;

export function cleanText(text: string): string {
  return text.normalize('NFC').replace(CONTROL, '').replace(/\r\n?/g, '\n');
}

/** The link or image address to keep, or null when it is not one the sanitiser would keep. */
export function safeUrl(raw: string | null | undefined, kind: 'link' | 'image'): string | null {
  const url = cleanText(raw ?? '').trim();
  if (url.length === 0 || url.length > 1000) return null;
  return (kind === 'link' ? LINK_URL : IMAGE_URL).test(url) ? url : null;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

function isElement(node: EditorNode): boolean {
  return node.nodeType === ELEMENT_NODE;
}
const nameOf = (node: EditorNode) => node.nodeName.toLowerCase();
const childrenOf = (node: EditorNode) => Array.from(node.childNodes);

/** Inline content: text, strong, em, a, img, br; anything else is unwrapped. */
function inline(nodes: EditorNode[], inLink = false): string {
  let out = '';
  for (const node of nodes) {
    if (node.nodeType === TEXT_NODE) {
      out += escapeText(cleanText(node.nodeValue ?? ''));
      continue;
    }
    if (!isElement(node)) continue;
    const name = nameOf(node);
    if (DROP.has(name)) continue;
    if (name === 'br') out += '<br />';
    else if (name === 'img') out += image(node);
    else if (INLINE_RENAME[name]) {
      const inner = inline(childrenOf(node), inLink);
      if (inner) out += `<${INLINE_RENAME[name]}>${inner}</${INLINE_RENAME[name]}>`;
    } else if (name === 'a' && !inLink) {
      const inner = inline(childrenOf(node), true);
      const href = safeUrl(node.getAttribute?.('href'), 'link');
      out += href && inner ? `<a href="${escapeAttribute(href)}">${inner}</a>` : inner;
    } else out += inline(childrenOf(node), inLink);
  }
  return out;
}

function image(node: EditorNode): string {
  const src = safeUrl(node.getAttribute?.('src'), 'image');
  if (!src) return '';
  const alt = cleanText(node.getAttribute?.('alt') ?? '').trim();
  return `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}" />`;
}

/** Drops trailing line breaks the browser leaves at the end of a block. */
const trimBreaks = (html: string) => html.replace(/(<br \/>)+$/, '');

function listItems(node: EditorNode): string {
  let out = '';
  let loose: EditorNode[] = [];
  const flush = () => {
    const inner = trimBreaks(inline(loose));
    if (inner.trim()) out += `<li>${inner}</li>`;
    loose = [];
  };
  for (const child of childrenOf(node)) {
    if (isElement(child) && nameOf(child) === 'li') {
      flush();
      const inner = trimBreaks(inline(childrenOf(child)));
      if (inner.trim()) out += `<li>${inner}</li>`;
    } else loose.push(child);
  }
  flush();
  return out;
}

/** Block content: loose inline runs become paragraphs. */
function blocks(nodes: EditorNode[]): string {
  let out = '';
  let loose: EditorNode[] = [];
  const flush = () => {
    const inner = trimBreaks(inline(loose));
    if (inner.trim()) out += `<p>${inner}</p>`;
    loose = [];
  };
  for (const node of nodes) {
    const name = isElement(node) ? nameOf(node) : '';
    if (DROP.has(name)) continue;
    if (BLOCKS.has(name) || BLOCK_LIKE.has(name)) {
      flush();
      if (name === 'ul' || name === 'ol') {
        const items = listItems(node);
        if (items) out += `<${name}>${items}</${name}>`;
      } else if (name === 'blockquote') {
        const inner = blocks(childrenOf(node));
        if (inner) out += `<blockquote>${inner}</blockquote>`;
      } else if (name === 'h2' || name === 'h3') {
        const inner = trimBreaks(inline(childrenOf(node)));
        if (inner.trim()) out += `<${name}>${inner}</${name}>`;
      } else if (childrenOf(node).some((c) => isElement(c) && (BLOCKS.has(nameOf(c)) || BLOCK_LIKE.has(nameOf(c))))) {
        out += blocks(childrenOf(node));
      } else {
        loose = childrenOf(node);
        flush();
      }
    } else loose.push(node);
  }
  flush();
  return out;
}

/** The canonical HTML of the editor's content (the root's children). */
export function serializeEditor(root: EditorNode): string {
  return blocks(childrenOf(root));
}

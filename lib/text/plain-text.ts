/**
 * Text a learner types (notes, comments, reviews, error reports) is kept as plain text: Unicode in
 * NFC, without control characters (PostgreSQL refuses NUL) other than line breaks and tabs, trimmed.
 * It is never turned into HTML; pages render it escaped.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function cleanPlainText(value: string): string {
  return value.normalize('NFC').replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
}

/** Splits text into plain runs and http(s) links, for rendering links without any HTML. */
export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g)) {
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: match[0], href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

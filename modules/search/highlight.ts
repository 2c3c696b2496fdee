/**
 * Highlighting and mark-aware matching for search results. Works on the original text: every
 * character is folded on its own (see lib/text/fold.ts) and mapped back, so `<mark>` wraps the
 * words as written (`Địa lý`) while matching folded tokens (`dia ly`).
 */
import { foldVietnamese } from '../../lib/text/fold.ts';

export { toPlainText } from '../../lib/text/html-text.ts';

const MARKS = /\p{M}/gu;
const D_WITH_STROKE = /[\u0110\u0111\u00D0\u00F0]/g;

/** The folded search tokens of a query: [a-z0-9] words, at most 8, each at most 40 characters. */
export function tokenizeQuery(query: string): string[] {
  const words = foldVietnamese(query)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.slice(0, 40));
  return [...new Set(words)].slice(0, 8);
}

/** The query's words as typed (NFC, lowercase, marks kept), for "same marks first". */
export function markedWords(query: string): string[] {
  return [
    ...new Set(
      query
        .normalize('NFC')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ].slice(0, 8);
}

const WORD_CHAR_AT = /[\p{L}\p{N}]/uy;

/** Whether `word` occurs in `haystack` at the start of a word (no letter or digit just before). */
function startsWord(haystack: string, word: string): boolean {
  for (let at = haystack.indexOf(word); at >= 0; at = haystack.indexOf(word, at + 1)) {
    if (at === 0) return true;
    // The character before, whole when it is a surrogate pair (charCodeAt(-1) is NaN: no pair).
    const low = haystack.charCodeAt(at - 1);
    const high = haystack.charCodeAt(at - 2);
    const pair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
    WORD_CHAR_AT.lastIndex = pair ? at - 2 : at - 1;
    if (!WORD_CHAR_AT.test(haystack)) return true;
  }
  return false;
}

/**
 * Counts how many of the typed words (`markedWords`) occur with the same marks at the start of a
 * word of a text already in NFC (what the index stores). The text is only lowercased.
 */
export function exactWordCounter(words: string[]): (text: string) => number {
  return (text) => {
    const haystack = text.toLowerCase();
    let count = 0;
    for (const word of words) if (startsWord(haystack, word)) count += 1;
    return count;
  };
}

/**
 * How many of the folded tokens start a word of an already folded text (`folded_title`), as
 * highlighting would mark them.
 */
export function foldedTokenCounter(tokens: string[]): (folded: string) => number {
  const patterns = tokens.map((token) => new RegExp(`(?<![a-z0-9])${token}`));
  return (folded) => {
    let count = 0;
    for (const pattern of patterns) if (pattern.test(folded)) count += 1;
    return count;
  };
}

/** Each character folded on its own, remembered: texts share a small alphabet. */
const foldedChars = new Map<string, string>();

function foldChar(char: string): string {
  let piece = foldedChars.get(char);
  if (piece === undefined) {
    piece = char.replace(D_WITH_STROKE, 'd').toLowerCase().normalize('NFD').replace(MARKS, '');
    if (foldedChars.size < 10_000) foldedChars.set(char, piece);
  }
  return piece;
}

function foldWithMap(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = foldChar(char);
    for (const unit of piece) {
      folded += unit;
      origin.push(index);
    }
    index += char.length;
  }
  origin.push(text.length);
  return { folded, origin };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

/** Ranges [start, end) of the original text where a token starts a word. */
function findRanges(text: string, tokens: string[]): Array<[number, number]> {
  const { folded, origin } = foldWithMap(text);
  const ranges: Array<[number, number]> = [];
  for (const token of tokens) {
    let from = 0;
    while (from <= folded.length - token.length) {
      const at = folded.indexOf(token, from);
      if (at < 0) break;
      if (!isWordChar(folded[at - 1])) {
        // Extend to the end of the word so `<mark>` wraps whole words.
        let end = at + token.length;
        while (isWordChar(folded[end])) end += 1;
        ranges.push([origin[at]!, origin[end] ?? text.length]);
      }
      from = at + token.length;
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

function render(text: string, ranges: Array<[number, number]>, from: number, to: number): string {
  let html = '';
  let cursor = from;
  for (const [start, end] of ranges) {
    if (end <= from || start >= to) continue;
    const s = Math.max(start, from);
    const e = Math.min(end, to);
    html += escapeHtml(text.slice(cursor, s)) + `<mark>${escapeHtml(text.slice(s, e))}</mark>`;
    cursor = e;
  }
  return html + escapeHtml(text.slice(cursor, to));
}

/** The whole text, escaped, with matches in `<mark>`. */
export function highlightText(text: string, tokens: string[]): string {
  return render(text, findRanges(text, tokens), 0, text.length);
}

/** How much of a long text is folded first, looking for a match near its start. */
const SNIPPET_LEAD = 2_000;

/**
 * The match ranges a snippet needs: folding goes one character at a time, so a long body is
 * searched in its first SNIPPET_LEAD characters first. When a match there leaves room for the whole
 * snippet after it, the ranges of that lead are the ones the snippet shows; otherwise the whole
 * text is searched.
 */
function snippetRanges(text: string, tokens: string[], size: number): Array<[number, number]> {
  if (text.length > SNIPPET_LEAD) {
    const lead = findRanges(text.slice(0, SNIPPET_LEAD), tokens);
    // The snippet ends at most `size` characters and one word (20) after the match's start.
    if (lead.length > 0 && lead[0]![0] + size + 20 < SNIPPET_LEAD - 40) return lead;
  }
  return findRanges(text, tokens);
}

/** About `size` characters around the first match, escaped, with matches in `<mark>`. */
export function buildSnippet(text: string, tokens: string[], size = 180): string {
  const ranges = snippetRanges(text, tokens, size);
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - Math.floor(size / 3));
  if (start > 0) {
    // Start on a word boundary: the previous space when it is close, else the next one.
    const previous = text.lastIndexOf(' ', start);
    const following = text.indexOf(' ', start);
    if (previous > 0 && start - previous < 15) start = previous + 1;
    else if (following > 0 && following < first) start = following + 1;
  }
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const space = text.indexOf(' ', end);
    end = space > 0 && space - end < 20 ? space : end;
  }
  return `${start > 0 ? '… ' : ''}${render(text, ranges, start, end)}${end < text.length ? ' …' : ''}`;
}

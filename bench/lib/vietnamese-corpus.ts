/**
 * Generated Vietnamese documents and queries for the search benchmark: course, news and help
 * titles and bodies made from word lists with their marks and đ, the same for a given seed every
 * time (a small PRNG, not Math.random), in the proportions of a real catalogue. Syllables such as
 * `học`, `thi`, `và` occur in most documents, as they do in real Vietnamese text, so common words
 * and short prefixes match tens of thousands of documents.
 */
import { readFileSync } from 'node:fs';
import type { PostTypeName } from '../../lib/content-urls.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { slugify } from '../../lib/text/slug.ts';
import { typoQueries, type TypoKind } from './typo-queries.ts';
import type WordLists from './vietnamese-corpus.words.json';
import { buildCourseDocument, buildPostDocument, buildSupportDocument } from '../../modules/search/documents.ts';
import type { SearchDocumentInput } from '../../modules/search/search.repository.ts';

/** mulberry32: a fast 32-bit PRNG, deterministic for a seed. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The word lists (vietnamese-corpus.words.json): the values of the templates' slots, people's
 * names, the sentence templates of each kind of document, and what people type (`baseQueries`:
 * words and names from the corpus, a few that match nothing) with the words added to some of it.
 */
const corpus = JSON.parse(
  readFileSync(new URL('./vietnamese-corpus.words.json', import.meta.url), 'utf8'),
) as typeof WordLists;

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function personName(random: () => number): string {
  return `${pick(random, corpus.familyNames)} ${pick(random, corpus.middleNames)} ${pick(random, corpus.givenNames)}`;
}

function fill(template: string, random: () => number): string {
  return template.replace(/\{(\w+)\}/g, (_match, slot: string) => {
    switch (slot) {
      case 'subject':
        return pick(random, corpus.subjects);
      case 'level':
        return pick(random, corpus.levels);
      case 'place':
        return pick(random, corpus.places);
      case 'person':
        return personName(random);
      case 'topic':
        return pick(random, corpus.topics);
      case 'verb':
        return pick(random, corpus.verbs);
      case 'manner':
        return pick(random, corpus.manners);
      case 'time':
        return pick(random, corpus.times);
      case 'organisation':
        return pick(random, corpus.organisations);
      case 'event':
        return pick(random, corpus.events);
      case 'action':
        return pick(random, corpus.actions);
      case 'menu':
        return pick(random, corpus.menus);
      case 'n':
        return String(5 + Math.floor(random() * 40));
      default:
        throw new Error(`unknown slot {${slot}}`);
    }
  });
}

function paragraph(random: () => number, sentences: readonly string[], min: number, max: number): string {
  const count = min + Math.floor(random() * (max - min + 1));
  return Array.from({ length: count }, () => fill(pick(random, sentences), random)).join(' ');
}

const EPOCH = Date.UTC(2026, 0, 1);
const POST_TYPES: PostTypeName[] = ['post', 'post', 'post', 'post', 'exam_gate', 'solution', 'feedback'];

/**
 * The `index`-th document (0-based) of a corpus: 30 % courses, 55 % news and other posts, 15 % help
 * articles, through the search module's own builders (HTML content, as the studio stores it).
 */
export function generateDocument(random: () => number, index: number): SearchDocumentInput {
  const id = index + 1;
  const published_at = new Date(EPOCH - Math.floor(random() * 1000) * 86_400_000).toISOString();
  const roll = random();
  if (roll < 0.3) {
    const title = `${pick(random, corpus.courseOpenings)} ${pick(random, corpus.subjects)} ${pick(random, corpus.levels)} — ${pick(random, corpus.courseEndings)}`;
    return buildCourseDocument({
      id,
      slug: `${slugify(title)}-${id}`,
      title,
      type: pick(random, ['retail', 'retail', 'no_retail', 'combo', 'api']),
      summary: fill(pick(random, corpus.courseSentences), random),
      description: `<p>${paragraph(random, corpus.courseSentences, 4, 9)}</p><ul><li>${pick(random, corpus.topics)}</li></ul>`,
      teacherName: personName(random),
      published_at,
    });
  }
  if (roll < 0.85) {
    const title = `${pick(random, corpus.places)}: ${pick(random, corpus.organisations)} ${pick(random, corpus.events)}`;
    return buildPostDocument({
      id,
      type: pick(random, POST_TYPES),
      slug: `${slugify(title)}-${id}`,
      title,
      summary: fill(pick(random, corpus.newsSentences), random),
      content: `<p>${paragraph(random, corpus.newsSentences, 6, 14)}</p><p>${paragraph(random, corpus.newsSentences, 2, 6)}</p>`,
      published_at,
    });
  }
  const title = fill(pick(random, corpus.supportTitles), random);
  return buildSupportDocument({
    id,
    slug: `${slugify(title)}-${id}`,
    title,
    summary: fill(pick(random, corpus.supportSentences), random),
    content: `<p>${paragraph(random, corpus.supportSentences, 3, 7)}</p>`,
    subtype: pick(random, ['product', 'policy', 'guide']),
    published_at,
  });
}

/** `tieng anh giao tiep` → `tie an gia tie`: every word cut to its first ~60 % (at least 2 letters). */
function prefixesOf(query: string): string {
  return foldVietnamese(query)
    .split(' ')
    .map((word) => word.slice(0, Math.max(2, Math.ceil(word.length * 0.6))))
    .join(' ');
}

/** A letter doubled in the longest word (`tieng anhh`): the typo people make most. */
function typoOf(query: string): string {
  const words = foldVietnamese(query).split(' ');
  const longest = words.reduce((best, word, index) => (word.length > words[best]!.length ? index : best), 0);
  const word = words[longest]!;
  words[longest] = word + word.at(-1);
  return words.join(' ');
}

export interface BenchQuery {
  q: string;
  /** with marks, without marks, prefixes, multi-word, a doubled letter, the other typos (typo-queries.ts). */
  shape: 'marks' | 'no marks' | 'prefix' | 'multi-word' | 'typo' | TypoKind;
}

/**
 * 225 queries: each base as typed, without marks, as prefixes, and with a qualifier or (every fifth)
 * a doubled letter; then every other base mistyped (swapped letters, run together, Telex, VNI).
 */
export function buildQueries(): BenchQuery[] {
  const typed = corpus.baseQueries.flatMap((base, index): BenchQuery[] => [
    { q: base, shape: 'marks' },
    { q: foldVietnamese(base), shape: 'no marks' },
    { q: prefixesOf(base), shape: 'prefix' },
    index % 5 === 0
      ? { q: typoOf(base), shape: 'typo' }
      : { q: `${base} ${corpus.qualifiers[index % corpus.qualifiers.length]}`, shape: 'multi-word' },
  ]);
  return [...typed, ...typoQueries(corpus.baseQueries)];
}

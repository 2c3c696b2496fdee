/**
 * Question text to safe HTML: plain text is escaped (line breaks kept) and LaTeX between `$…$`
 * (inline) or `$$…$$` (display) is rendered on the server by KaTeX to HTML + MathML, so phones
 * run no script for formulas. `\$` is a literal dollar sign. KaTeX runs with `trust: false` (no
 * \href, \url, \includegraphics, \htmlClass…), a bounded macro expansion and errors drawn in
 * place, so an author's mistake never breaks the page nor lets markup through.
 */
import katex from 'katex';
import { escapeHtml } from '../../lib/text/escape-html.ts';

export { escapeHtml };

function renderMath(tex: string, displayMode: boolean): string {
  return katex.renderToString(tex, {
    displayMode,
    output: 'htmlAndMathml',
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    maxSize: 20,
    maxExpand: 500,
  });
}

function renderPlain(text: string): string {
  return escapeHtml(text.replace(/\\\$/g, '$')).replace(/\r?\n/g, '<br>');
}

// $$…$$ first (display), then $…$ (inline, not empty, not across a blank line); \$ is not a delimiter.
const MATH = /(?<!\\)\$\$([\s\S]+?)(?<!\\)\$\$|(?<!\\)\$((?:\\\$|[^$])+?)(?<!\\)\$/g;

/** One text field (prompt, option, statement, explanation, passage) as safe HTML. */
export function renderRichText(source: string): string {
  let html = '';
  let last = 0;
  for (const match of source.matchAll(MATH)) {
    html += renderPlain(source.slice(last, match.index));
    html += match[1] !== undefined ? renderMath(match[1], true) : renderMath(match[2]!, false);
    last = match.index + match[0].length;
  }
  return html + renderPlain(source.slice(last));
}

/** Whether a text holds a formula (the room needs the KaTeX stylesheet then). */
export function hasFormula(source: string): boolean {
  return new RegExp(MATH.source).test(source);
}

export interface RenderedQuestion {
  prompt: string;
  options: string[];
  explanation: string;
}

/** Every text of a question, rendered once when it is written (the `rendered` column). */
export function renderQuestion(question: { prompt: string; options: { text: string }[]; explanation: string }) {
  return {
    prompt: renderRichText(question.prompt),
    options: question.options.map((option) => renderRichText(option.text)),
    explanation: renderRichText(question.explanation),
  } satisfies RenderedQuestion;
}

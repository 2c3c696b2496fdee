/**
 * KaTeX's stylesheet (and, through it, its fonts), linked only by the exam pages: the formulas come
 * rendered from the server (modules/exams/exams.render.ts), so no script is needed for them.
 */
import katexStylesheet from 'katex/dist/katex.min.css?url';

export const katexLinks = () => [{ rel: 'stylesheet', href: katexStylesheet }];

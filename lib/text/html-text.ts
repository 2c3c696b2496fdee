/** The text a reader sees in rich content (HTML): for the search index, snippets and emptiness checks. */

/** Plain text of rich content, for the index and snippets. */
export function toPlainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Content with nothing to read or see (empty paragraphs, line breaks). */
export const isBlankContent = (html: string) => toPlainText(html).trim() === '' && !/<(img|iframe)\b/i.test(html);

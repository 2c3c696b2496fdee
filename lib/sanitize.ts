/**
 * Rich content sanitiser (SPEC §5). Server side: uses the `sanitize-html` package.
 *
 * Default allowed tags plus iframe, img and the form-like controls; iframes
 * only from the configured hosts (exact hostnames, absolute URLs only);
 * disallowed tags are escaped, not dropped; style/class/title on every tag;
 * URL schemes http, https, ftp, mailto, tel. Input is normalised to NFC first.
 * An iframe left without a src (host not allowed) is removed with its content.
 */
import sanitizeHtml from 'sanitize-html';

export type RichContentSanitizer = (html: string) => string;

export interface RichContentSanitizerOptions {
  /** Hostnames iframes may load from, e.g. `www.youtube.com` (exact match, no wildcards). */
  iframeHosts: readonly string[];
}

export const DEFAULT_IFRAME_HOSTS: readonly string[] = Object.freeze([
  'www.youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
]);

export const FORM_CONTROL_TAGS: readonly string[] = Object.freeze(['input', 'select', 'option', 'textarea', 'button']);

export const ALLOWED_URL_SCHEMES: readonly string[] = Object.freeze(['http', 'https', 'ftp', 'mailto', 'tel']);

const GLOBAL_ATTRIBUTES = ['style', 'class', 'title'];
const TABLE_CELL_ATTRIBUTES = ['colspan', 'rowspan', 'align', 'border'];
const FORM_CONTROL_ATTRIBUTES = ['type', 'placeholder', 'disabled', 'value'];

function buildAllowedAttributes(): Record<string, string[]> {
  const attributes: Record<string, string[]> = {
    '*': [...GLOBAL_ATTRIBUTES],
    a: ['href', 'name', 'target'],
    img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading'],
    iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder'],
    td: [...TABLE_CELL_ATTRIBUTES],
    th: [...TABLE_CELL_ATTRIBUTES],
  };
  for (const tag of FORM_CONTROL_TAGS) attributes[tag] = [...FORM_CONTROL_ATTRIBUTES];
  return attributes;
}

/**
 * `<textarea>` is raw text to the parser (entities are NOT decoded) but RCDATA
 * to browsers (entities ARE decoded), so sanitize-html would escape `&lt;` to
 * `&amp;lt;` on every pass. Un-escaping the `&` of entity-shaped sequences
 * keeps what the browser shows unchanged and makes sanitising idempotent.
 */
function keepTextareaEntities(text: string, tagName: string): string {
  return tagName === 'textarea' ? text.replace(/&amp;(?=[a-zA-Z0-9#]{1,20};)/g, '&') : text;
}

/** Builds the sanitize-html options for the given iframe hosts (exported for inspection in tests). */
export function buildSanitizeOptions(iframeHosts: readonly string[]): sanitizeHtml.IOptions {
  const hosts = [...new Set(iframeHosts.map((host) => host.trim().toLowerCase()).filter(Boolean))];
  return {
    allowedTags: [...new Set([...sanitizeHtml.defaults.allowedTags, 'iframe', 'img', ...FORM_CONTROL_TAGS])],
    allowedAttributes: buildAllowedAttributes(),
    allowedSchemes: [...ALLOWED_URL_SCHEMES],
    allowedSchemesByTag: {},
    allowProtocolRelative: true,
    allowedIframeHostnames: hosts,
    allowIframeRelativeUrls: false,
    disallowedTagsMode: 'escape',
    // An iframe whose src was rejected (other host, relative, bad scheme) is dropped entirely.
    exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs['src'],
    textFilter: keepTextareaEntities,
  };
}

/** Returns a sanitiser function; build it once and reuse it. */
export function createRichContentSanitizer(
  options: RichContentSanitizerOptions = { iframeHosts: DEFAULT_IFRAME_HOSTS },
): RichContentSanitizer {
  const sanitizeOptions = buildSanitizeOptions(options.iframeHosts);
  return (html: string): string => {
    if (typeof html !== 'string' || html === '') return '';
    return sanitizeHtml(html.normalize('NFC'), sanitizeOptions);
  };
}

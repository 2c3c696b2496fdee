import { describe, expect, it } from 'vitest';
import sanitizeHtml from 'sanitize-html';
import { buildSanitizeOptions, createRichContentSanitizer, DEFAULT_IFRAME_HOSTS } from './sanitize.ts';

const sanitize = createRichContentSanitizer({ iframeHosts: DEFAULT_IFRAME_HOSTS });

describe('DEFAULT_IFRAME_HOSTS', () => {
  it('lists YouTube, YouTube no-cookie and Vimeo player hosts', () => {
    expect(DEFAULT_IFRAME_HOSTS).toEqual(['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com']);
    expect(Object.isFrozen(DEFAULT_IFRAME_HOSTS)).toBe(true);
  });
});

describe('buildSanitizeOptions', () => {
  const options = buildSanitizeOptions(['  WWW.YouTube.com ', 'www.youtube.com', '']);

  it('allows the default tags plus iframe, img and form-like controls', () => {
    const tags = options.allowedTags as string[];
    for (const tag of sanitizeHtml.defaults.allowedTags) expect(tags).toContain(tag);
    for (const tag of ['iframe', 'img', 'input', 'select', 'option', 'textarea', 'button']) expect(tags).toContain(tag);
    expect(tags).not.toContain('script');
    expect(tags).not.toContain('form');
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('escapes disallowed tags and limits schemes and iframe hosts', () => {
    expect(options.disallowedTagsMode).toBe('escape');
    expect(options.allowedSchemes).toEqual(['http', 'https', 'ftp', 'mailto', 'tel']);
    expect(options.allowedIframeHostnames).toEqual(['www.youtube.com']);
    expect(options.allowIframeRelativeUrls).toBe(false);
  });

  it('sets the attribute allow-lists of SPEC §5', () => {
    expect(options.allowedAttributes).toMatchObject({
      '*': ['style', 'class', 'title'],
      a: ['href', 'name', 'target'],
      img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading'],
      iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder'],
      td: ['colspan', 'rowspan', 'align', 'border'],
      th: ['colspan', 'rowspan', 'align', 'border'],
      input: ['type', 'placeholder', 'disabled', 'value'],
      button: ['type', 'placeholder', 'disabled', 'value'],
    });
  });
});

describe('createRichContentSanitizer', () => {
  it('escapes script tags instead of executing or silently dropping them', () => {
    expect(sanitize('<script>alert(1)</script><p>Xin chào</p>')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;<p>Xin chào</p>',
    );
  });

  it('escapes other disallowed tags with their attributes stripped', () => {
    expect(sanitize('<form action="/x"><input></form>')).toBe('&lt;form&gt;<input />&lt;/form&gt;');
    expect(sanitize('<svg><g onload="x"></g></svg>')).toBe('&lt;svg&gt;&lt;g&gt;&lt;/g&gt;&lt;/svg&gt;');
    expect(sanitize('<style>p{color:red}</style>')).toBe('&lt;style&gt;p{color:red}&lt;/style&gt;');
  });

  it('drops javascript:, vbscript: and data: hrefs but keeps the link text', () => {
    expect(sanitize('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitize('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitize('<a href="vbscript:x">v</a><a href="data:text/html,x">d</a>')).toBe('<a>v</a><a>d</a>');
  });

  it('keeps http, https, ftp, mailto, tel and relative hrefs', () => {
    const html =
      '<a href="https://khaitri.vn">a</a><a href="http://x.vn">b</a><a href="ftp://x.vn/f">c</a>' +
      '<a href="mailto:lienhe@khaitri.vn">d</a><a href="tel:0901234567">e</a><a href="/khoa-hoc" target="_blank">f</a>';
    expect(sanitize(html)).toBe(html);
  });

  it('drops event-handler attributes such as onerror and onclick', () => {
    expect(sanitize('<img src="x.png" onerror="alert(1)">')).toBe('<img src="x.png" />');
    expect(sanitize('<p onclick="x()">a</p>')).toBe('<p>a</p>');
  });

  it('keeps img attributes and strips unsafe srcset candidates', () => {
    expect(
      sanitize('<img src="a.png" srcset="a.png 1x, javascript:alert(1) 2x" alt="" loading="lazy" width="10">'),
    ).toBe('<img src="a.png" srcset="a.png 1x" alt="" loading="lazy" width="10" />');
  });

  it('removes iframes from other hosts entirely', () => {
    expect(sanitize('<iframe src="https://evil.com/x"></iframe><p>a</p>')).toBe('<p>a</p>');
    expect(sanitize('<iframe src="https://www.youtube.com.evil.com/embed"></iframe>')).toBe('');
    expect(sanitize('<iframe src="https://youtube.com/embed/abc"></iframe>')).toBe('');
    expect(sanitize('<iframe src="/embed/abc"></iframe>')).toBe('');
    expect(sanitize('<iframe src="javascript:alert(1)"></iframe>')).toBe('');
    expect(sanitize('<iframe srcdoc="<script>x</script>"></iframe>')).toBe('');
  });

  it('keeps iframes from allowed hosts with their allowed attributes', () => {
    const youtube =
      '<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" allow="autoplay" allowfullscreen frameborder="0"></iframe>';
    expect(sanitize(youtube)).toBe(youtube);
    expect(sanitize('<iframe src="https://player.vimeo.com/video/1" onload="x" name="n"></iframe>')).toBe(
      '<iframe src="https://player.vimeo.com/video/1"></iframe>',
    );
    expect(sanitize('<iframe src="//www.youtube-nocookie.com/embed/abc"></iframe>')).toBe(
      '<iframe src="//www.youtube-nocookie.com/embed/abc"></iframe>',
    );
  });

  it('uses only the configured iframe hosts', () => {
    const own = createRichContentSanitizer({ iframeHosts: ['video.khaitri.vn'] });
    expect(own('<iframe src="https://video.khaitri.vn/e/1"></iframe>')).toBe(
      '<iframe src="https://video.khaitri.vn/e/1"></iframe>',
    );
    expect(own('<iframe src="https://www.youtube.com/embed/abc"></iframe>')).toBe('');
    const none = createRichContentSanitizer({ iframeHosts: [] });
    expect(none('<iframe src="https://www.youtube.com/embed/abc"></iframe>')).toBe('');
  });

  it('defaults to DEFAULT_IFRAME_HOSTS when called without options', () => {
    const html = '<iframe src="https://player.vimeo.com/video/1"></iframe>';
    expect(createRichContentSanitizer()(html)).toBe(html);
  });

  it('keeps table cell attributes and drops the others', () => {
    expect(
      sanitize(
        '<table border="1"><tr><td colspan="2" rowspan="3" align="center" border="1" onclick="x" width="9">a</td><th colspan="2" scope="col">b</th></tr></table>',
      ),
    ).toBe(
      '<table><tr><td colspan="2" rowspan="3" align="center" border="1">a</td><th colspan="2">b</th></tr></table>',
    );
  });

  it('allows style, class and title on every tag, but not id or data-*', () => {
    expect(sanitize('<p style="color:red" class="a b" title="Tiêu đề" id="x" data-x="1">Tiếng Việt</p>')).toBe(
      '<p style="color:red" class="a b" title="Tiêu đề">Tiếng Việt</p>',
    );
    expect(sanitize('<td class="c">x</td>')).toContain('class="c"');
  });

  it('keeps form-like controls with type, placeholder, disabled and value only', () => {
    expect(
      sanitize(
        '<input type="text" placeholder="Nhập" disabled value="v" name="n" onfocus="x"><select><option value="1">Một</option></select><textarea placeholder="x">Nội dung</textarea><button type="submit" disabled formaction="/x">Gửi</button>',
      ),
    ).toBe(
      '<input type="text" placeholder="Nhập" disabled value="v" /><select><option value="1">Một</option></select><textarea placeholder="x">Nội dung</textarea><button type="submit" disabled>Gửi</button>',
    );
  });

  it('escapes entity-encoded markup inside options instead of decoding it to tags', () => {
    expect(sanitize('<option>&lt;script&gt;alert(1)&lt;/script&gt;</option>')).toBe(
      '<option>&lt;script&gt;alert(1)&lt;/script&gt;</option>',
    );
  });

  it('keeps what a textarea displays: raw markup escaped once, entities left as entities', () => {
    expect(sanitize('<textarea><b>x</b></textarea>')).toBe('<textarea>&lt;b&gt;x&lt;/b&gt;</textarea>');
    expect(sanitize('<textarea>&lt;b&gt; &amp;amp; & 1 < 2</textarea>')).toBe(
      '<textarea>&lt;b&gt; &amp;amp; &amp; 1 &lt; 2</textarea>',
    );
  });

  it('escapes bare text special characters', () => {
    expect(sanitize('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });

  it('preserves NFC Vietnamese text and normalises NFD input to NFC', () => {
    const nfc = '<p title="Địa lý">Tiếng Việt: ậ ệ ữ ộ ẫ</p>';
    expect(sanitize(nfc)).toBe(nfc);
    expect(sanitize(nfc.normalize('NFD'))).toBe(nfc);
  });

  it('returns an empty string for empty or non-string input', () => {
    expect(sanitize('')).toBe('');
    expect(sanitize(null as unknown as string)).toBe('');
    expect(sanitize(undefined as unknown as string)).toBe('');
  });

  it.each([
    '<script>alert(1)</script><p>Xin chào</p>',
    '<a href="javascript:alert(1)" onclick="x">x</a>',
    '<img src=x onerror=alert(1)>',
    '<iframe src="https://evil.com"></iframe><iframe src="https://www.youtube.com/embed/a"></iframe>',
    '<form><input type="text" value="&quot;&gt;"></form>',
    '<p>1 &lt; 2 &amp;amp; <b>đậm</b></p>',
    '<div><p>unclosed <b>bold <i>italic</div>',
    '<<script>script>alert(1)<</script>/script>',
    '<textarea><b>x</b></textarea>',
    '<textarea>&lt;b&gt; &amp;amp; & 1 < 2</textarea>',
    '<xmp>&lt;b&gt;</xmp><script>if (a &lt; b) {}</script>',
  ])('is idempotent for %s', (html) => {
    const once = sanitize(html);
    expect(sanitize(once)).toBe(once);
  });
});

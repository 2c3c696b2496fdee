import { describe, expect, it } from 'vitest';
import { isBlankContent, toPlainText } from './html-text.ts';

describe('the text of rich content', () => {
  it('reads the text a reader sees', () => {
    expect(toPlainText('<p>Xin&nbsp;chào <b>bạn</b></p><script>x()</script>')).toBe('Xin chào bạn');
    expect(toPlainText(null)).toBe('');
  });

  it('calls content blank when it has nothing to read or see', () => {
    expect(isBlankContent('<p><br></p><p>&nbsp;</p>')).toBe(true);
    expect(isBlankContent('<p><img src="/a.png"></p>')).toBe(false);
    expect(isBlankContent('<iframe src="https://www.youtube.com/embed/x"></iframe>')).toBe(false);
    expect(isBlankContent('<p>Nội dung</p>')).toBe(false);
  });
});

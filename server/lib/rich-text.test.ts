import { describe, expect, it } from 'vitest';
import { isYoutubeUrl, markdownToSafeHtml, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps the allowed structure as it is', () => {
    const html =
      '<h2>A</h2><h3>B</h3><h4>C</h4><p>x<br />y <strong>s</strong> <em>e</em></p><ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)" style="color:red" class="x" id="y">ok</p>', '<p>ok</p>'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<svg onload="alert(1)"><script>alert(1)</script></svg><p>ok</p>', '<p>ok</p>'],
    ['<object data="x.swf"></object><embed src="x.swf"><p>ok</p>', '<p>ok</p>'],
    ['<form action="https://evil"><input name="otp"></form><p>ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/x">x</a>', '<a>x</a>'],
    ['<a href="/\\evil.example/x">x</a>', '<a>x</a>'],
    ['<img src=x onerror="alert(1)" alt="a">', '<img src="x" alt="a" loading="lazy" />'],
    ['<img src="javascript:alert(1)">', ''],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<img src="https://tracker.example/pixel.gif">', ''],
    ['<img src="//evil.example/a.png">', ''],
    ['<video src="javascript:alert(1)"></video>', ''],
    ['<video src="https://evil.example/v.webm"></video>', ''],
    ['<p>a<!-- <script>alert(1)</script> -->b</p>', '<p>ab</p>'],
    ['<textarea><script>alert(1)</script></textarea>', ''],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  ])('strips %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('never lets an event handler or a script URL through, whatever the nesting', () => {
    const payloads = [
      '<div><p><a href="https://ok.example" onmouseover="alert(1)">x</a></p></div>',
      '<table><tr><td background="javascript:alert(1)" onclick="x">c</td></tr></table>',
      '<blockquote cite="javascript:alert(1)">q</blockquote>',
      '<oembed url="javascript:alert(1)"></oembed>',
      '<video src="uploads/v.webm" onplay="alert(1)" autoplay></video>',
      '<scr<script>ipt>alert(1)</script>',
      '<<img src=x onerror=alert(1)//>',
    ];
    for (const payload of payloads) {
      const out = sanitizeRichText(payload);
      expect(out).not.toMatch(/\son[a-z]+=|javascript:|<script|<iframe|background=/i);
    }
  });

  it('opens external links in a new tab without giving it the opener, and leaves internal ones alone', () => {
    expect(sanitizeRichText('<a href="https://cybercrime.gov.in" target="_self" rel="opener">portal</a>')).toBe(
      '<a href="https://cybercrime.gov.in" target="_blank" rel="noopener noreferrer">portal</a>',
    );
    expect(sanitizeRichText('<a href="/success-stories/all" target="_blank">stories</a>')).toBe(
      '<a href="/success-stories/all">stories</a>',
    );
    expect(sanitizeRichText('<a href="tel:1930">1930</a><a href="mailto:help@example.org">mail</a>')).toBe(
      '<a href="tel:1930">1930</a><a href="mailto:help@example.org">mail</a>',
    );
  });

  it('keeps stored images and videos and makes videos playable, never autoplaying', () => {
    expect(sanitizeRichText('<img src="uploads/blogs/upi.svg" alt="UPI">')).toBe(
      '<img src="uploads/blogs/upi.svg" alt="UPI" loading="lazy" />',
    );
    expect(sanitizeRichText('<video src="uploads/videos/welcome.webm" autoplay muted></video>')).toBe(
      '<video src="uploads/videos/welcome.webm" controls preload="none"></video>',
    );
  });

  it('keeps a YouTube oembed and drops any other', () => {
    const yt = '<oembed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></oembed>';
    expect(sanitizeRichText(yt)).toBe(yt);
    expect(sanitizeRichText('<oembed url="https://youtu.be/dQw4w9WgXcQ" class="x"></oembed>')).toBe(
      '<oembed url="https://youtu.be/dQw4w9WgXcQ"></oembed>',
    );
    expect(sanitizeRichText('<oembed url="https://vimeo.com/12345"></oembed>')).toBe('');
    expect(sanitizeRichText('<oembed url="https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ"></oembed>')).toBe(
      '',
    );
    expect(sanitizeRichText('<oembed></oembed>')).toBe('');
  });

  it('keeps basic tables', () => {
    const table =
      '<table><thead><tr><th scope="col">a</th></tr></thead><tbody><tr><td colspan="2">b</td></tr></tbody></table>';
    expect(sanitizeRichText(table)).toBe(table);
    expect(sanitizeRichText('<table style="x"><tr><td width="9">b</td></tr></table>')).toBe(
      '<table><tr><td>b</td></tr></table>',
    );
  });

  it('maps other headings into the allowed range', () => {
    expect(sanitizeRichText('<h1>a</h1><h5>b</h5><h6>c</h6><b>d</b><i>e</i>')).toBe(
      '<h2>a</h2><h4>b</h4><h4>c</h4><strong>d</strong><em>e</em>',
    );
  });

  it('is stable: sanitising its own output changes nothing', () => {
    const once = sanitizeRichText('<p>a <a href="https://x.example">b</a></p><img src="uploads/a.svg" alt="">');
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('markdownToSafeHtml', () => {
  it('turns markdown into the allowed HTML', () => {
    const html = markdownToSafeHtml(
      '# Save\n\nKeep **some** money *aside*.\n\n- one\n- two\n\n[Portal](https://cybercrime.gov.in)',
    );
    expect(html).toContain('<h2>Save</h2>');
    expect(html).toContain('<strong>some</strong>');
    expect(html).toContain('<em>aside</em>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="https://cybercrime.gov.in" target="_blank" rel="noopener noreferrer">Portal</a>');
  });

  it('makes markdown tables into tables', () => {
    expect(markdownToSafeHtml('| a | b |\n|---|---|\n| 1 | 2 |\n')).toMatch(
      /<table>[\s\S]*<th>a<\/th>[\s\S]*<td>2<\/td>/,
    );
  });

  it('sanitises raw HTML and markdown links alike', () => {
    const html = markdownToSafeHtml(
      'Hi <script>alert(1)</script>\n\n[click](javascript:alert(1))\n\n![x](https://evil.example/p.png)\n\n<img src=x onerror=alert(1)>',
    );
    expect(html).not.toMatch(/script|onerror|evil\.example/);
  });

  it('keeps an embedded YouTube video', () => {
    expect(markdownToSafeHtml('<oembed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></oembed>')).toContain(
      '<oembed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></oembed>',
    );
  });
});

describe('isYoutubeUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', true],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ', true],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', true],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', false],
    ['https://youtu.be.evil.example/dQw4w9WgXcQ', false],
    ['https://www.youtube.com/watch?v=short', false],
    ['javascript:alert(1)//youtu.be/dQw4w9WgXcQ', false],
  ])('%s -> %s', (url, expected) => {
    expect(isYoutubeUrl(url)).toBe(expected);
  });
});

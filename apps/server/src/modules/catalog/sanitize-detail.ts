import sanitizeHtml from 'sanitize-html';

/** Images in a description may only come from this shop's media route. */
const MEDIA_SRC = /^\/media\/[a-z0-9][a-z0-9._-]{0,120}$/;
const DIMENSION = /^\d{1,4}%?$/;

const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+))?\s*\)$/i,
  /^[a-z]{3,20}$/i,
];

const ALLOWED_TAGS = [
  ...['p', 'br', 'h2', 'h3', 'h4', 'blockquote', 'hr', 'div', 'span', 'a', 'img'],
  ...['strong', 'em', 'b', 'i', 'u', 's', 'ul', 'ol', 'li'],
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['style'],
    a: ['href', { name: 'target', multiple: false, values: ['_blank'] }, 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/],
      'font-size': [
        /^(?:\d{1,3}(?:\.\d{1,2})?(?:px|em|rem|%)|x?x-small|small|medium|large|x?x-large|smaller|larger)$/,
      ],
      'text-align': [/^(?:left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { target, ...rest } = attribs;
      if (target !== '_blank') return { tagName, attribs: rest };
      // A new tab must not reach back to this window or learn where it came from.
      delete rest.rel;
      return {
        tagName,
        attribs: { ...rest, target, rel: 'noopener noreferrer' },
      };
    },
    img: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      for (const [key, value] of Object.entries(attribs)) {
        if ((key === 'width' || key === 'height') && !DIMENSION.test(value)) continue;
        kept[key] = value;
      }
      return { tagName, attribs: kept };
    },
    td: keepSpans,
    th: keepSpans,
  },
  // An image whose source is not our own media is dropped entirely rather than left empty.
  exclusiveFilter: (frame) => frame.tag === 'img' && !MEDIA_SRC.test(frame.attribs.src ?? ''),
};

function keepSpans(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(attribs)) {
    if ((key === 'colspan' || key === 'rowspan') && !/^\d{1,2}$/.test(value)) continue;
    kept[key] = value;
  }
  return { tagName, attribs: kept };
}

/**
 * Cleans a pack's HTML description before it is stored: formatting, links and our own images
 * stay; scripts, event handlers, foreign images, unsafe schemes and unsafe styles go.
 */
export function sanitizeDetail(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

import type {
  Block,
  Inline,
  KeyValueRow,
  LegalLink,
  LegalSection,
  ListItem,
  RichText,
} from '../legal-types.ts';

/** Small constructors that keep the content files close to the published wording. */

export const p = (...text: Inline[]): Block => ({
  type: 'p',
  text: text.length === 1 && typeof text[0] === 'string' ? text[0] : text,
});

export const note = (...text: Inline[]): Block => ({ type: 'note', text });

/** Numbered paragraphs (項) of an article. */
export const ol = (...items: (RichText | ListItem)[]): Block => ({ type: 'ol', items });

/** Numbered items (号) written (1), (2), … */
export const items = (...list: (RichText | ListItem)[]): Block => ({
  type: 'ol',
  items: list,
  style: 'paren',
});

export const ul = (...list: (RichText | ListItem)[]): Block => ({ type: 'ul', items: list });

/** A paragraph followed by its own items, as one list entry. */
export const withItems = (text: RichText, ...children: Block[]): ListItem => ({ text, children });

export const link = (text: string, href: string): LegalLink => ({ text, href });

/** A telephone number that dials when tapped. */
export const telLink = (tel: string): LegalLink => ({
  text: tel,
  href: `tel:${tel.replace(/[^\d+]/g, '')}`,
});

/** An email address that opens the mail application. */
export const mailLink = (mail: string): LegalLink => ({ text: mail, href: `mailto:${mail}` });

export const strong = (text: string): Inline => ({ strong: text });

export const section = (
  title: string,
  blocks: Block[],
  subsections?: LegalSection[],
): LegalSection => (subsections ? { title, blocks, subsections } : { title, blocks });

/** 第n条（見出し） */
export const jaArticle = (n: number, caption: string, ...blocks: Block[]): LegalSection => ({
  id: `article-${n}`,
  title: `第${n}条（${caption}）`,
  blocks,
});

/** Article n (Caption) */
export const enArticle = (n: number, caption: string, ...blocks: Block[]): LegalSection => ({
  id: `article-${n}`,
  title: `Article ${n} (${caption})`,
  blocks,
});

/** A two-column label/value table. */
export const kv = (...rows: KeyValueRow[]): Block => ({ type: 'kv', rows });

export const row = (label: string, ...value: Block[]): KeyValueRow => ({ label, value });

/** A table with column headings (stacked into labelled cards on narrow screens). */
export const table = (head: string[], ...rows: RichText[][]): Block => ({
  type: 'table',
  head,
  rows,
});

/** 〒123-4567 住所 (without repeating a postal code the configured address already holds). */
export const addressJa = (zipcode: string, address: string): string =>
  address.includes(zipcode) ? address : `〒${zipcode} ${address}`;

/** The English address, followed by the postal code unless it already contains it. */
export const addressEn = (zipcode: string, address: string): string =>
  address.includes(zipcode) ? address : `${address} (postal code ${zipcode})`;

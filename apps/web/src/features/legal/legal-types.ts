import type { SiteInfo } from '@oripa/contract/site';

/** The two display languages of the legal pages (Japanese is the default and prevails). */
export type LegalLang = 'ja' | 'en';

/**
 * A link inside running text. `href` starting with '/' is an in-app route; 'mailto:' and
 * 'tel:' open the mail or phone application; anything else opens in a new tab.
 */
export interface LegalLink {
  readonly text: string;
  readonly href: string;
}

/** Emphasised words inside running text. */
export interface LegalStrong {
  readonly strong: string;
}

export type Inline = string | LegalLink | LegalStrong;

/** Running text: a plain string, or a sequence of strings, links and emphasis. */
export type RichText = string | readonly Inline[];

export interface ListItem {
  readonly text: RichText;
  readonly children?: readonly Block[];
}

/** One row of a two-column label/value table (the commercial-law notice style). */
export interface KeyValueRow {
  readonly label: string;
  readonly value: readonly Block[];
}

export type Block =
  | { readonly type: 'p'; readonly text: RichText }
  | { readonly type: 'note'; readonly text: RichText }
  /** `paren` numbers items (1), (2), … as the items (号) of a Japanese legal paragraph. */
  | {
      readonly type: 'ol';
      readonly items: readonly (RichText | ListItem)[];
      readonly style?: 'decimal' | 'paren';
    }
  | { readonly type: 'ul'; readonly items: readonly (RichText | ListItem)[] }
  | { readonly type: 'kv'; readonly caption?: string; readonly rows: readonly KeyValueRow[] }
  | {
      readonly type: 'table';
      readonly caption?: string;
      readonly head: readonly string[];
      readonly rows: readonly (readonly RichText[])[];
    }
  | {
      readonly type: 'faq';
      readonly items: readonly { readonly q: string; readonly a: readonly Block[] }[];
    };

export interface LegalSection {
  readonly id?: string;
  readonly title: string;
  readonly blocks: readonly Block[];
  readonly subsections?: readonly LegalSection[];
}

export interface LegalDoc {
  /** Sections are numbered articles (第n条 / Article n) rather than plain chapters. */
  readonly articles?: boolean;
  /** Show a table of contents linking to each section. */
  readonly contents?: boolean;
  readonly intro?: readonly Block[];
  readonly sections: readonly LegalSection[];
  /** Closing lines such as the date of establishment, shown right-aligned at the end. */
  readonly closing?: readonly string[];
}

export type SiteCompany = SiteInfo['company'];
export type SiteLinks = SiteInfo['links'];

/** Builds a document from the operator's configured business details. */
export type LegalDocBuilder = (site: SiteInfo) => LegalDoc;

import { z } from 'zod';
import { idSchema, intField } from './fields.ts';

/** Errors keyed by field name; the client shows the first message of a field. */
export type FieldErrors = Record<string, string[]>;

/** Every response carries these, plus the call's own fields at top level. */
export interface EnvelopeBase {
  state: number;
  csrf: string;
  errors: FieldErrors;
}

export type Envelope<T extends object = object> = EnvelopeBase & T;

/** Paging block of paged lists: current page, page count and the page numbers to show. */
export const pageInfoSchema = z.object({
  page: z.number().int(),
  all_page: z.number().int(),
  pages: z.array(z.number().int()),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** Path parameter `{page}`: a page number from 1. */
export const pageParamSchema = intField({ min: 1, max: 100000 });

/**
 * Path parameter holding a numeric id: the contract's one id schema (fields.ts), the same for
 * payload fields and queries.
 */
export const idParamSchema = idSchema;

/** Pages shown around the current one in a pager. */
export const PAGER_WINDOW = 5;

/** The page block for `total` items with `perPage` items a page, current page `page`. */
export function pageInfo(page: number, total: number, perPage: number): PageInfo {
  const allPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), allPage);
  const half = Math.floor(PAGER_WINDOW / 2);
  const first = Math.max(1, Math.min(current - half, allPage - PAGER_WINDOW + 1));
  const last = Math.min(allPage, first + PAGER_WINDOW - 1);
  const pages: number[] = [];
  for (let p = first; p <= last; p += 1) pages.push(p);
  return { page: current, all_page: allPage, pages };
}

/** Answer of a call that carries no fields of its own, only the envelope. */
export const emptyResponse = z.object({});

/** Form field names of every POST: the csrf token and the JSON payload. */
export const FORM_FIELDS = { csrf: 'csrf', json: 'json' } as const;

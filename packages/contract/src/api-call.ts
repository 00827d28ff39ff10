import type { z } from 'zod';
import type { ApiName, ApiPath } from './api-paths.ts';
import type { ApiRoutes } from './api-routes.ts';

/**
 * How a client calls a route of the table (decision 039), for the web app and the browser tests'
 * client: the table's paths come from api-paths.ts (no schema) and the types of the schemas from
 * api-routes.ts as types only, so no zod schema reaches a bundle. A path, a param name, a payload
 * or a response field that does not match the table fails the typecheck.
 */

/** A route of the table, as a client holds it: its path entry, named in its type (ApiPathOf). */
export type ApiEntry<N extends ApiName> = ApiPath & { readonly name?: N };

/** The names of a path's `:param` placeholders. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type SchemaOf<N extends ApiName, K extends 'payload' | 'query'> = ApiRoutes[N] extends { readonly [P in K]: infer S extends z.ZodType } ? S : undefined;

/** The answer's own fields of route N (state, csrf and errors come on top). */
export type ApiResponse<N extends ApiName> = z.output<ApiRoutes[N]['response']>;

/** The payload route N takes (a POST's `json` field), as its schema reads it. */
export type ApiPayload<N extends ApiName> = SchemaOf<N, 'payload'> extends z.ZodType ? z.input<SchemaOf<N, 'payload'>> : undefined;

/**
 * A form's payload for route N: the payload's field names, values as the form holds them (the
 * server parses them and answers field errors). A misspelt field fails the typecheck.
 */
export type FormPayload<N extends ApiName> = ApiPayload<N> extends object ? { [K in keyof ApiPayload<N>]?: unknown } : undefined;

type ParamsInput<N extends ApiName> = [ParamNames<ApiRoutes[N]['path']>] extends [never]
  ? object
  : { params: Record<ParamNames<ApiRoutes[N]['path']>, string | number> };
type PayloadInput<N extends ApiName> = SchemaOf<N, 'payload'> extends z.ZodType ? { payload: z.input<SchemaOf<N, 'payload'>> } : object;
/**
 * Query values go as text; an undefined or empty value is left out. `search` is a query string
 * the caller built (appended after '?' as it is), for screens that keep their filters as one.
 */
type QueryInput<N extends ApiName> =
  SchemaOf<N, 'query'> extends z.ZodType
    ? { query?: { [K in keyof z.input<SchemaOf<N, 'query'>>]?: string | number | undefined }; search?: string }
    : object;

/** What a call of route N takes: its path's params, its payload (POST) and its query. */
export type CallInput<N extends ApiName> = ParamsInput<N> & PayloadInput<N> & QueryInput<N>;

/** The rest arguments of a call: the input may be left out when the route needs none. */
export type CallArgs<N extends ApiName> = object extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

interface LooseInput {
  params?: Record<string, string | number>;
  payload?: unknown;
  query?: Record<string, string | number | undefined>;
  search?: string;
}

// The platform's form encoder (browsers and Node have it; the contract compiles without their libs).
declare const URLSearchParams: new () => { set(name: string, value: string): void; toString(): string };

/** The path (below /api) of a call: placeholders filled in (URI-encoded), the query appended. */
export function routePath(route: ApiPath, input: object | undefined): string {
  const { params = {}, query, search: raw } = (input ?? {}) as LooseInput;
  const path = route.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  if (raw !== undefined) return `${path}?${raw}`;
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The payload of a call (POST), `{}` when none is given, as before. */
export function routePayload(input: object | undefined): unknown {
  return (input as LooseInput | undefined)?.payload ?? {};
}

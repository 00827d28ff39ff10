import { ProviderUnavailableError } from '../provider.ts';
import type { GmoSettings } from './gmo-settings.ts';

/**
 * GMO Payment Gateway's protocol type (プロトコルタイプ): every API is a form post
 * (application/x-www-form-urlencoded) to <origin>/payment/<Name>.idPass, answered with
 * `key=value&key=value` (HTTP 200 even for errors). An error answer carries ErrCode and ErrInfo,
 * several of them joined with '|' (ErrCode=E01|E01&ErrInfo=E01010001|E01020001).
 */

export type GmoAnswer = Record<string, string>;

/** An error GMO answered: its first ErrCode (e.g. 'G12', 'E01') and ErrInfo (e.g. '42G120000'). */
export class GmoError extends Error {
  override name = 'GmoError';
  constructor(
    readonly api: string,
    readonly errCodes: string[],
    readonly errInfos: string[],
  ) {
    super(`GMO ${api} answered ${errInfos.join('|') || errCodes.join('|')}`);
  }
  get errCode(): string {
    return this.errCodes[0] ?? '';
  }
  get errInfo(): string {
    return this.errInfos[0] ?? '';
  }
  /** Whether any of the errors is `info` (or starts with it). */
  has(info: string): boolean {
    return this.errInfos.some((i) => i.startsWith(info));
  }
}

/** Parses a `key=value&…` answer (values percent-encoded, '+' a space). */
export function parseAnswer(text: string): GmoAnswer {
  const answer: GmoAnswer = {};
  for (const [key, value] of new URLSearchParams(text.trim())) answer[key] = value;
  return answer;
}

/** Encodes a request body, leaving out absent values. */
export function encodeForm(params: Record<string, string | number | undefined>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) form.set(key, String(value));
  return form.toString();
}

export class GmoClient {
  constructor(private readonly settings: GmoSettings) {}

  /**
   * Calls one API with the shop's credentials. Answers the fields, or throws GmoError (GMO said
   * no) or ProviderUnavailableError (no answer, a timeout, an unreadable answer: the outcome is
   * unknown and the shop asks again later).
   */
  async call(api: string, params: Record<string, string | number | undefined>): Promise<GmoAnswer> {
    const url = `${this.settings.GMO_API_URL.replace(/\/$/, '')}/payment/${api}.idPass`;
    const body = encodeForm({ ShopID: this.settings.GMO_SHOP_ID, ShopPass: this.settings.GMO_SHOP_PASS, ...params });
    let text: string;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body,
        signal: AbortSignal.timeout(this.settings.GMO_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      text = await response.text();
    } catch (error) {
      // The message names the API only: the body carries the shop password.
      throw new ProviderUnavailableError(`GMO ${api} did not answer (${(error as Error).name})`);
    }
    const answer = parseAnswer(text);
    if (answer.ErrCode) {
      throw new GmoError(api, answer.ErrCode.split('|'), (answer.ErrInfo ?? '').split('|'));
    }
    if (Object.keys(answer).length === 0) throw new ProviderUnavailableError(`GMO ${api} answered nothing readable`);
    return answer;
  }
}

/** GMO's dates (yyyyMMddHHmmss, Japan time) as instants. */
export function parseGmoDate(text: string | undefined): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text ?? '');
  if (!m) return undefined;
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+09:00`);
}

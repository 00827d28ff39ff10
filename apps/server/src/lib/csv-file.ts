import iconv from 'iconv-lite';

/**
 * CSV files for Japanese spreadsheet programs and carriers' Windows software (decisions 020, 033
 * and 047): quoted cells, CRLF, and either UTF-8 with a byte-order mark (Excel then reads it as
 * UTF-8) or Shift_JIS (Microsoft's code page 932, what older Excel and the carriers expect).
 */

export type CsvEncoding = 'utf8' | 'sjis';

/**
 * Characters that Unicode keyboards (macOS, phones) type where Windows types their code page 932
 * twins: mapped, so an address like 2−21−1 is not printed as 2?21?1.
 */
const CP932_TWINS: Record<string, string> = {
  '\u2212': '\uFF0D', // − minus sign → － fullwidth hyphen-minus
  '\u301C': '\uFF5E', // 〜 wave dash → ～
  '\u2016': '\u2225', // ‖ → ∥
  '\u2014': '\u2015', // — em dash → ―
  '\u00A2': '\uFFE0', // ¢
  '\u00A3': '\uFFE1', // £
  '\u00AC': '\uFFE2', // ¬
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
};

export function toCp932Twins(text: string): string {
  return text.replace(/[\u2212\u301C\u2016\u2014\u00A2\u00A3\u00AC\u2010\u2011]/g, (c) => CP932_TWINS[c] ?? c);
}

/**
 * Spreadsheet programs run a cell that starts with = + - @ (or a tab or CR), and Japanese ones
 * their full-width twins too, as a formula; names and addresses are members' input, so such a
 * cell gets a leading apostrophe (decisions 020 and 033).
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A value as a Shift_JIS file will hold it: the code page 932 twins mapped and the text taken
 * through the encoding and back (a character the code page lacks becomes '?', some become ASCII).
 */
export function asCp932(value: string): string {
  return iconv.decode(iconv.encode(toCp932Twins(value), 'cp932'), 'cp932');
}

/** One quoted text cell, checked for a formula after the final character mapping (issue 22 C). */
export function csvCell(value: string, encoding: CsvEncoding = 'sjis'): string {
  return `"${cellText(value, encoding).replace(/"/g, '""')}"`;
}

/** A cell's text as the file holds it, unquoted: what a carrier measures against its field limits. */
export function cellText(value: string, encoding: CsvEncoding = 'sjis'): string {
  const written = encoding === 'sjis' ? asCp932(value) : value;
  return FORMULA_START.test(written) ? `'${written}` : written;
}

/**
 * A whole file: `header` then `rows`, CRLF. Numbers are written bare (a negative amount stays a
 * number, not a formula); text is quoted and guarded by csvCell.
 */
export function csvFile(header: readonly string[], rows: readonly (readonly (string | number)[])[], encoding: CsvEncoding): Buffer {
  const line = (cells: readonly (string | number)[]) => cells.map((c) => (typeof c === 'number' ? String(c) : csvCell(c, encoding))).join(',');
  const text = `${[line(header), ...rows.map(line)].join('\r\n')}\r\n`;
  return encoding === 'sjis' ? iconv.encode(text, 'cp932') : Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

/**
 * The text of an uploaded CSV file: UTF-8 with or without a byte-order mark, else Shift_JIS
 * (code page 932), what Excel, B2 Cloud and the other carriers' software save in Japan. Read
 * by the lineup import and the tracking import.
 */
export function decodeCsvUpload(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'cp932');
  }
}

/** A cell as written, without the apostrophe csvCell put before a formula-like start. */
export function unguardedCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

import { describe, expect, it } from 'vitest';
import { answerRange } from './byte-range.ts';

const tag = '"abc"';

describe('answerRange', () => {
  it('answers spans, open ends and suffixes within the file', () => {
    expect(answerRange('bytes=0-99', 1000, tag)).toEqual({ kind: 'partial', span: { start: 0, end: 99 } });
    expect(answerRange('bytes=900-', 1000, tag)).toEqual({ kind: 'partial', span: { start: 900, end: 999 } });
    expect(answerRange('bytes=-100', 1000, tag)).toEqual({ kind: 'partial', span: { start: 900, end: 999 } });
    expect(answerRange('bytes=0-1', 1000, tag)).toEqual({ kind: 'partial', span: { start: 0, end: 1 } });
  });

  it('clamps an end past the file and a suffix longer than it', () => {
    expect(answerRange('bytes=500-5000', 1000, tag)).toEqual({ kind: 'partial', span: { start: 500, end: 999 } });
    expect(answerRange('bytes=-5000', 1000, tag)).toEqual({ kind: 'partial', span: { start: 0, end: 999 } });
  });

  it('is unsatisfiable past the end, for an empty suffix and for an empty file', () => {
    expect(answerRange('bytes=1000-', 1000, tag)).toEqual({ kind: 'unsatisfiable' });
    expect(answerRange('bytes=2000-3000', 1000, tag)).toEqual({ kind: 'unsatisfiable' });
    expect(answerRange('bytes=-0', 1000, tag)).toEqual({ kind: 'unsatisfiable' });
    expect(answerRange('bytes=0-', 0, tag)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what is not one well-formed bytes range: the whole file', () => {
    for (const header of [undefined, '', 'bytes=', 'bytes=-', 'items=0-1', 'bytes=0-1,5-6', 'bytes=5-1', 'bytes=a-b', `bytes=${'9'.repeat(30)}-`]) {
      expect(answerRange(header, 1000, tag), String(header)).toEqual({ kind: 'whole' });
    }
  });

  it('sends the whole file when If-Range names another version', () => {
    expect(answerRange('bytes=0-1', 1000, tag, '"old"')).toEqual({ kind: 'whole' });
    expect(answerRange('bytes=0-1', 1000, tag, tag)).toEqual({ kind: 'partial', span: { start: 0, end: 1 } });
  });
});

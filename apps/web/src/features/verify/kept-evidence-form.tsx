import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { usePageTexts } from '@/lib/page-texts.ts';
import type { KeptEvidence } from './run-mirror-check.ts';
import { VERIFY_TEXTS } from './verify-texts.ts';

type Field = 'earlierHead' | 'receipt';

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Paste or upload a tree head or receipt kept earlier; the page verifies again with them. */
export function KeptEvidenceForm({ onSubmit }: { onSubmit: (kept: KeptEvidence) => void }) {
  const v = usePageTexts(VERIFY_TEXTS);
  const id = useId();
  const [text, setText] = useState<Record<Field, string>>({ earlierHead: '', receipt: '' });
  const [bad, setBad] = useState<Field[]>([]);

  const readFile = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void file.text().then((content) => setText((prev) => ({ ...prev, [field]: content })));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const head = parse(text.earlierHead);
    const receipt = parse(text.receipt);
    const wrong: Field[] = [...(head.ok ? [] : ['earlierHead' as const]), ...(receipt.ok ? [] : ['receipt' as const])];
    setBad(wrong);
    if (!head.ok || !receipt.ok) return;
    const kept: KeptEvidence = {};
    if (head.value !== undefined) kept.earlierHead = head.value;
    if (receipt.value !== undefined) kept.receipt = receipt.value;
    onSubmit(kept);
  };

  const field = (name: Field, label: string) => (
    <div className="verify-kept-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <textarea
        id={`${id}-${name}`}
        name={name}
        rows={4}
        spellCheck={false}
        value={text[name]}
        aria-invalid={bad.includes(name) || undefined}
        aria-describedby={bad.includes(name) ? `${id}-${name}-error` : undefined}
        onChange={(e) => setText((prev) => ({ ...prev, [name]: e.target.value }))}
        data-testid={`kept-${name}`}
      />
      {bad.includes(name) && (
        <p id={`${id}-${name}-error`} className="field-error">
          {v.kept.notJson}
        </p>
      )}
      <label className="verify-kept-file">
        {v.kept.file}
        <input type="file" accept="application/json,.json" onChange={readFile(name)} data-testid={`kept-${name}-file`} />
      </label>
    </div>
  );

  return (
    <form className="verify-kept" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="verify-subtitle">
        {v.kept.title}
      </h2>
      <p className="verify-lead">{v.kept.lead}</p>
      {field('earlierHead', v.kept.head)}
      {field('receipt', v.kept.receipt)}
      <button type="submit" className="btn btn--primary" data-testid="kept-submit">
        {v.kept.submit}
      </button>
    </form>
  );
}

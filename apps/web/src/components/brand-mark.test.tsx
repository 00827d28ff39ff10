import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BrandMark } from './icons.tsx';

/** The shapes of a mark's markup: each rect's and path's geometry, colours and transform. */
function shapes(markup: string): string[] {
  const attrs = ['x', 'y', 'width', 'height', 'rx', 'd', 'transform', 'stroke', 'stroke-width'];
  return [...markup.matchAll(/<(rect|path|stop)\b([^>]*)>/g)].map(([, tag, rest]) => {
    const values = attrs.map((name) => new RegExp(`\\s${name}="([^"]*)"`).exec(rest ?? '')?.[1] ?? '');
    const colour = /stop-color="([^"]*)"|stopColor="([^"]*)"/.exec(rest ?? '');
    const offset = /offset="([^"]*)"/.exec(rest ?? '')?.[1] ?? '';
    return `${tag} ${values.join(' ')} ${offset} ${colour?.[1] ?? colour?.[2] ?? ''}`.trim();
  });
}

describe('the inline shop mark', () => {
  it('draws what public/favicon.svg draws, so the page and the tab show one mark', () => {
    const favicon = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/favicon.svg'), 'utf8');
    const inline = renderToStaticMarkup(<BrandMark size={32} />);
    expect(shapes(inline)).toEqual(shapes(favicon));
    expect(shapes(inline)).toHaveLength(8);
  });

  it('gives the header and the footer their own gradient ids', () => {
    const markup = renderToStaticMarkup(
      <>
        <BrandMark size={32} />
        <BrandMark size={24} />
      </>,
    );
    const ids = [...markup.matchAll(/<linearGradient id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(markup).toContain(`url(#${id})`);
  });
});

import { act, cleanup, render, screen } from '@testing-library/react';
import i18next, { type TFunction } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { TextsInstance, useTranslation } from './use-translation.ts';

async function instance() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'ja',
    fallbackLng: 'ja',
    resources: {
      ja: { translation: { hello: 'こんにちは {{name}}', only: '日本語だけ', cards_other: '{{count}}枚' } },
      en: { translation: { hello: 'Hello {{name}}', cards_one: '{{count}} card', cards_other: '{{count}} cards' } },
    },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

const seen: TFunction[] = [];

function Greeting({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  seen.push(t);
  // This test's own texts, not the app's catalogue the keys are typed against.
  const text = t as unknown as (key: string, options?: object) => string;
  return (
    <p data-testid={id} lang={i18n.language}>
      {text('hello', { name: 'Aoi' })} / {text('only')} / {text('cards', { count: 1 })}
    </p>
  );
}

afterEach(() => {
  cleanup();
  seen.length = 0;
});

describe('useTranslation (decision 070)', () => {
  it('translates with i18next, interpolating, counting and falling back to Japanese', async () => {
    const i18n = await instance();
    render(
      <TextsInstance.Provider value={i18n}>
        <Greeting id="a" />
      </TextsInstance.Provider>,
    );
    expect(screen.getByTestId('a').textContent).toBe('こんにちは Aoi / 日本語だけ / 1枚');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('a').textContent).toBe('Hello Aoi / 日本語だけ / 1 card');
    expect(screen.getByTestId('a').getAttribute('lang')).toBe('en');
  });

  it('re-renders every reader on a change of language, and gives all of them one t per language', async () => {
    const i18n = await instance();
    render(
      <TextsInstance.Provider value={i18n}>
        <Greeting id="a" />
        <Greeting id="b" />
      </TextsInstance.Provider>,
    );
    expect(new Set(seen).size).toBe(1);
    const japanese = seen[0];
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('b').textContent).toContain('Hello Aoi');
    const english = seen.at(-1);
    expect(english).not.toBe(japanese);
    expect(new Set(seen.slice(2)).size).toBe(1);
    await act(() => i18n.changeLanguage('ja'));
    // Back in Japanese: the t made the first time, so memoised work keyed on t stays valid.
    expect(seen.at(-1)).toBe(japanese);
  });

  it('reads the app’s instance when no other is given', () => {
    render(<Greeting id="c" />);
    expect(screen.getByTestId('c').getAttribute('lang')).toBe(i18next.language);
  });
});

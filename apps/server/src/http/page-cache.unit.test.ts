import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';

/** A cache on a clock the test moves, counting the renders it asks for. */
function setup(ttlMs = 1_000, maxEntries = 3) {
  let now = 10_000;
  let renders = 0;
  const cache = new PageCache<string>(ttlMs, maxEntries, () => now);
  const render = (page: string) => () => {
    renders += 1;
    return Promise.resolve(`${page} #${renders}`);
  };
  return { cache, render, renders: () => renders, advance: (ms: number) => (now += ms) };
}

describe('the rendered-page cache', () => {
  it('serves a page from one render until its time is up, then renders it again', async () => {
    const { cache, render, renders, advance } = setup();
    expect(await cache.get('ja /', render('top'))).toBe('top #1');
    advance(999);
    expect(await cache.get('ja /', render('top'))).toBe('top #1');
    expect(renders()).toBe(1);
    advance(1);
    expect(await cache.get('ja /', render('top'))).toBe('top #2');
    expect(renders()).toBe(2);
  });

  it('keeps each key apart (language, path and query)', async () => {
    const { cache, render } = setup();
    expect(await cache.get('ja /', render('ja'))).toBe('ja #1');
    expect(await cache.get('en /', render('en'))).toBe('en #2');
    expect(await cache.get('ja /?sort=new', render('sorted'))).toBe('sorted #3');
    expect(await cache.get('ja /', render('ja'))).toBe('ja #1');
  });

  it('lets requests arriving during a render wait for that one render', async () => {
    const { cache } = setup();
    let finish: (html: string) => void = () => undefined;
    let started = 0;
    const slow = () => {
      started += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = cache.get('ja /pack-detail?packId=1', slow);
    const second = cache.get('ja /pack-detail?packId=1', slow);
    finish('pack');
    expect(await Promise.all([first, second])).toEqual(['pack', 'pack']);
    expect(started).toBe(1);
  });

  it('does not keep a render that failed: the next request renders again', async () => {
    const { cache, render } = setup();
    await expect(cache.get('ja /', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await cache.get('ja /', render('top'))).toBe('top #1');
  });

  it('holds at most its bound of pages, dropping the oldest', async () => {
    const { cache, render, renders } = setup(60_000, 3);
    for (const query of ['a', 'b', 'c', 'd', 'e']) await cache.get(`ja /?q=${query}`, render(query));
    expect(cache.size).toBe(3);
    expect(await cache.get('ja /?q=e', render('e'))).toBe('e #5');
    expect(await cache.get('ja /?q=a', render('a'))).toBe('a #6');
    expect(renders()).toBe(6);
  });
});

import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import type { AppContext } from '../../http/context.ts';
import { getMedia, putMedia } from './media.repo.ts';
import mediaRoutes from './media.routes.ts';

let database: Database;
let app: FastifyInstance;
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const etag = `"${createHash('sha1').update(svg).digest('hex')}"`;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory' });
  await database.migrate();
  await putMedia(database.db, 'card-mst-001.svg', 'image/svg+xml', svg);
  await putMedia(database.db, 'note.txt', 'text/plain; charset=utf-8', 'hello');
  app = Fastify({ logger: false });
  // The route only reaches the database through the context.
  app.decorate('ctx', { db: database.db } as unknown as AppContext);
  await app.register(mediaRoutes);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('media.repo', () => {
  it('replaces a body on a second put', async () => {
    await putMedia(database.db, 'x.svg', 'image/svg+xml', '<svg/>');
    await putMedia(database.db, 'x.svg', 'image/svg+xml', '<svg></svg>');
    expect(await getMedia(database.db, 'x.svg')).toEqual({
      id: 'x.svg',
      contentType: 'image/svg+xml',
      body: '<svg></svg>',
    });
    expect(await getMedia(database.db, 'missing.svg')).toBeUndefined();
  });
});

describe('GET /media/:id', () => {
  it('answers an SVG with its type, caching, ETag and a locked-down policy', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/media/card-mst-001.svg',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(svg);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  });

  it('answers 304 without a body when the ETag matches', async () => {
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await app.inject({
        method: 'GET',
        url: '/media/card-mst-001.svg',
        headers: { 'if-none-match': header },
      });
      expect(res.statusCode, header).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
    }
    const stale = await app.inject({
      method: 'GET',
      url: '/media/card-mst-001.svg',
      headers: { 'if-none-match': '"old"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('serves other types without the SVG policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/media/note.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await app.inject({
      method: 'HEAD',
      url: '/media/card-mst-001.svg',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(etag);
    expect(res.body).toBe('');
  });

  it('answers 404 in plain text for unknown or malformed ids', async () => {
    for (const url of [
      '/media/',
      '/media/a/b.svg',
      '/media/nothing.svg',
      '/media/Card.svg',
      '/media/..%2Fsecret',
      '/media/.hidden',
      `/media/${'a'.repeat(122)}`,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe('Not Found');
    }
  });
});

describe('GET /api/user/reveal_movies', () => {
  it('lists the operator reveal videos that exist (one per rarity 1-7 and style), and nothing else', async () => {
    const { openTestShop } = await import('../../testing/test-app.ts');
    const { putMedia } = await import('./media.repo.ts');
    const shop = await openTestShop();
    try {
      await putMedia(shop.database.db, 'movie-r1-s0.mp4', 'video/mp4', 'AAAA');
      await putMedia(shop.database.db, 'movie-r7-s1.mp4', 'video/mp4', 'AAAA');
      await putMedia(shop.database.db, 'movie-r7-s3.webm', 'video/webm', 'AAAA');
      // Not reveal videos: the old display-tier 0, a rarity above 7, other files.
      await putMedia(shop.database.db, 'movie-r0-s1.mp4', 'video/mp4', 'AAAA');
      await putMedia(shop.database.db, 'movie-r8-s1.mp4', 'video/mp4', 'AAAA');
      await putMedia(shop.database.db, 'movie-notes.txt', 'text/plain', 'x');
      const res = await shop.client().get('/user/reveal_movies');
      expect(res.body).toMatchObject({
        state: 200,
        list: ['/media/movie-r1-s0.mp4', '/media/movie-r7-s1.mp4', '/media/movie-r7-s3.webm'],
      });
    } finally {
      await shop.close();
    }
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { packPrizes, packs } from '../../db/schema/catalog.ts';
import { media } from '../../db/schema/settings.ts';
import { runCommand } from '../../cli/run-command.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

let database: TestDatabase;
const config = testConfig();
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

/** A pack file in a fresh folder with the image files it names. */
function packFile(images: string[], prizeImage: string, files: Record<string, Buffer | string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-pack-images-'));
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  const spec = {
    name: 'Image pack',
    card_type: 'Images',
    point: 100,
    payment_method: '1',
    images,
    lineup: [{ name: 'Card', rarity: 1, buy_point: 10, count: 2, image: prizeImage }],
  };
  fs.writeFileSync(path.join(dir, 'pack.json'), JSON.stringify(spec));
  return path.join(dir, 'pack.json');
}

describe('pack file images', () => {
  it('stores a PNG as a file in the media store and an SVG as text, with their content types', async () => {
    const out = await runCommand({ database, config }, ['pack:create', packFile(['cover.PNG'], 'card.svg', { 'cover.PNG': PNG, 'card.svg': SVG }), '--json']);
    expect(out).toMatchObject({ ok: true, exitCode: 0 });
    const id = out.data.id as number;
    const [pack] = await database.db.select().from(packs).where(eq(packs.id, id));
    const cover = pack?.images[0] ?? '';
    expect(cover).toMatch(/^\/media\/pack-.*\.png$/);
    const [coverRow] = await database.db.select().from(media).where(eq(media.id, cover.slice('/media/'.length)));
    // Files go to the chunk store (decision 034): the row names the file by size and hash.
    const sha256 = createHash('sha256').update(PNG).digest('hex');
    expect(coverRow).toMatchObject({ contentType: 'image/png', storage: 'db', byteSize: PNG.length, sha256 });
    const [prize] = await database.db.select().from(packPrizes).where(eq(packPrizes.packId, id));
    const card = prize?.imageUrl ?? '';
    expect(card).toMatch(/\.svg$/);
    const [cardRow] = await database.db.select().from(media).where(eq(media.id, card.slice('/media/'.length)));
    expect(cardRow).toMatchObject({ contentType: 'image/svg+xml', body: SVG });
  });

  it('refuses a file that is not an image type', async () => {
    const out = await runCommand({ database, config }, ['pack:create', packFile(['cover.bmp'], 'card.svg', { 'cover.bmp': 'BM', 'card.svg': SVG })]);
    expect(out).toMatchObject({ ok: false, exitCode: 2 });
    expect(out.message).toContain('cover.bmp: images must be');
  });
});

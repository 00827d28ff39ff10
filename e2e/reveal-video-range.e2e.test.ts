import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { registerMember, signInBrowser } from './support/members.ts';
import { browser, shop, useShopAndBrowser, withFailureReport } from './support/suite.ts';

/**
 * An operator's reveal video plays in the browser, served by byte ranges (issue 22 item 2): the
 * video element asks /media with Range, the server answers 206 with Content-Range, and the
 * element reaches HAVE_CURRENT_DATA and plays. The video is made in the browser itself (a canvas
 * recorded as WebM), so the test needs no media tools.
 */

useShopAndBrowser();

const STYLE = 3;
const RARITY = 5;
let lotId: number;
let videoBytes: number;

async function opsOk(args: string[]): Promise<string> {
  const out = await shop.ops(args);
  if (out.code !== 0) throw new Error(`${args[0]} failed: ${out.stderr}`);
  return out.stdout;
}

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-reveal-video-'));
  // Two seconds of a changing canvas, recorded by Chromium's MediaRecorder.
  const p = await openPage(browser, shop.url, 'desktop');
  try {
    await p.page.goto('/');
    const base64 = await p.page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 120;
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      let frame = 0;
      const draw = setInterval(() => {
        g.fillStyle = `hsl(${(frame += 12) % 360} 80% 50%)`;
        g.fillRect(0, 0, 160, 120);
      }, 40);
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(200);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      recorder.stop();
      await stopped;
      clearInterval(draw);
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let text = '';
      for (const b of bytes) text += String.fromCharCode(b);
      return btoa(text);
    });
    const file = path.join(dir, 'reveal.webm');
    fs.writeFileSync(file, Buffer.from(base64, 'base64'));
    videoBytes = fs.statSync(file).size;
    await opsOk(['media:put', file, '--id', `movie-r${RARITY}-s${STYLE}.webm`]);
  } finally {
    await p.context.close();
  }
  const spec = path.join(dir, 'lot.json');
  const types = (await (await fetch(`${shop.url}/api/user/card_type`)).json()) as { list: { id: number }[] };
  fs.writeFileSync(
    spec,
    JSON.stringify({
      name: '動画オリパ',
      card_type: types.list[0]?.id,
      point: 100,
      payment_method: PAYMENT_METHOD.points,
      movie_style: STYLE,
      lineup: [{ name: '動画のカード', rarity: RARITY, count: 40, buy_point: 10 }],
    }),
  );
  lotId = (JSON.parse(await opsOk(['pack:create', spec, '--json'])) as { id: number }).id;
}, 120_000);

describe('the reveal video', () => {
  it('plays an operator video that the server streams by byte ranges', async () => {
    expect(videoBytes).toBeGreaterThan(1000);
    const member = await registerMember(shop, { points: 10_000 });
    const p = await openPage(browser, shop.url, 'mobile');
    const media: { status: number; range: string | null; contentRange: string | null }[] = [];
    p.page.on('response', async (res) => {
      if (!res.url().includes(`/media/movie-r${RARITY}-s${STYLE}.webm`)) return;
      media.push({ status: res.status(), range: await res.request().headerValue('range'), contentRange: await res.headerValue('content-range') });
    });
    try {
      await signInBrowser(p.context, shop, member);
      await p.page.goto(`/pack-detail?packId=${lotId}`);
      await p.page.getByTestId('buy-count').fill('1');
      await p.page.getByTestId('spin-button').click();
      await p.page.getByTestId('confirm-buy').click();
      await p.page.waitForURL('**/gacha-animation**');
      await p.page.getByTestId('reveal-tap').click();
      const video = p.page.getByTestId('movie-video');
      await video.waitFor();
      // HAVE_CURRENT_DATA or better, and the clock moving: the video plays.
      await p.page.waitForFunction(() => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="movie-video"]');
        return v !== null && v.readyState >= 2 && v.currentTime > 0;
      }, undefined, { timeout: 20_000 });
      // The response handler reads headers asynchronously: its entry may land just after playback starts.
      await expect.poll(() => media.find((m) => m.range !== null) !== undefined, { timeout: 10_000 }).toBe(true);
      expect(media.length).toBeGreaterThan(0);
      const ranged = media.find((m) => m.range !== null);
      expect(ranged, JSON.stringify(media)).toBeDefined();
      expect(ranged?.status).toBe(206);
      expect(ranged?.contentRange).toMatch(new RegExp(`^bytes \\d+-\\d+/${videoBytes}$`));
      await p.shot('reveal-video-playing');
    } catch (error) {
      throw await withFailureReport(error, p);
    } finally {
      await p.context.close();
    }
  }, 120_000);
});

import type { MovieLook, ParticleShape } from './movie-look.ts';

/**
 * The built-in opening movie, drawn on a 2D canvas frame by frame: particles gather into a
 * glowing orb while light rays turn behind it, a flash bursts them outward (with a ring and a
 * shake for the higher tiers), then the light fades into the stage. Everything derives from the
 * look and the progress t (0-1), so a frame can be drawn at any time.
 */

interface Particle {
  angle: number;
  /** Distance factor of the start (gathering) and of the burst. */
  reach: number;
  speed: number;
  size: number;
  color: string;
  rotation: number;
  twist: number;
}

const STAGE = '#0c0a14';
const GATHER_END = 0.42;
const BURST_AT = 0.62;
const FADE_FROM = 0.86;

/** A small deterministic random source, so a look always plays the same way. */
function seeded(seed: number): () => number {
  let value = (seed * 2654435761) >>> 0 || 1;
  return () => {
    value ^= value << 13;
    value ^= value >>> 17;
    value ^= value << 5;
    return ((value >>> 0) % 100000) / 100000;
  };
}

export function createParticles(look: MovieLook): Particle[] {
  const random = seeded(look.variation * 7 + look.tier * 131 + 17);
  return Array.from({ length: look.particles }, () => ({
    angle: random() * Math.PI * 2,
    reach: 0.55 + random() * 0.6,
    speed: 0.6 + random() * 0.7,
    size: 2 + random() * (look.shape === 'spark' ? 2 : 5),
    color: look.palette[Math.floor(random() * look.palette.length)] ?? '#ffffff',
    rotation: random() * Math.PI * 2,
    twist: (random() - 0.5) * 6,
  }));
}

const easeOut = (x: number) => 1 - (1 - x) ** 3;
const easeIn = (x: number) => x * x * x;
const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

function withAlpha(color: string, alpha: number): string {
  const hex = color.replace('#', '');
  const r = Number.parseInt(hex.slice(0, 2), 16);
  const g = Number.parseInt(hex.slice(2, 4), 16);
  const b = Number.parseInt(hex.slice(4, 6), 16);
  return `rgba(${r}, ${g}, ${b}, ${clamp01(alpha).toFixed(3)})`;
}

function drawShape(ctx: CanvasRenderingContext2D, shape: ParticleShape, size: number, heading: number): void {
  ctx.beginPath();
  switch (shape) {
    case 'spark':
      // A streak along the direction of travel.
      ctx.rotate(heading);
      ctx.rect(-size * 3, -size / 3, size * 6, (size * 2) / 3);
      break;
    case 'star':
      for (let i = 0; i < 10; i += 1) {
        const radius = i % 2 === 0 ? size * 1.6 : size * 0.65;
        const a = (i * Math.PI) / 5 - Math.PI / 2;
        if (i === 0) ctx.moveTo(Math.cos(a) * radius, Math.sin(a) * radius);
        else ctx.lineTo(Math.cos(a) * radius, Math.sin(a) * radius);
      }
      ctx.closePath();
      break;
    case 'diamond':
      ctx.moveTo(0, -size * 1.6);
      ctx.lineTo(size * 0.9, 0);
      ctx.lineTo(0, size * 1.6);
      ctx.lineTo(-size * 0.9, 0);
      ctx.closePath();
      break;
    case 'petal':
      ctx.ellipse(0, 0, size * 1.5, size * 0.6, 0, 0, Math.PI * 2);
      break;
  }
  ctx.fill();
}

function drawRays(
  ctx: CanvasRenderingContext2D,
  look: MovieLook,
  t: number,
  cx: number,
  cy: number,
  radius: number,
  direction: number,
  count: number,
): void {
  const alpha = clamp01((t - 0.22) / 0.2) * (1 - clamp01((t - 0.82) / 0.14));
  if (alpha <= 0) return;
  const width = ((Math.PI * 2) / count) * 0.36;
  const turn = direction * t * Math.PI * 0.9;
  const color = look.palette[1] ?? '#ffffff';
  // Brighter light for the better tiers.
  const strength = 0.32 + look.tier * 0.09;
  const gradient = ctx.createRadialGradient(cx, cy, 0, cx, cy, radius);
  gradient.addColorStop(0, withAlpha(color, strength * alpha));
  gradient.addColorStop(1, withAlpha(color, 0));
  ctx.fillStyle = gradient;
  for (let i = 0; i < count; i += 1) {
    const a = turn + (i * Math.PI * 2) / count;
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.arc(cx, cy, radius, a - width / 2, a + width / 2);
    ctx.closePath();
    ctx.fill();
  }
}

/** Draws the frame at progress t (0-1) on a canvas of width × height pixels. */
export function drawMovieFrame(
  ctx: CanvasRenderingContext2D,
  look: MovieLook,
  particles: readonly Particle[],
  t: number,
  width: number,
  height: number,
): void {
  const cx = width / 2;
  const cy = height / 2;
  const span = Math.hypot(width, height) / 2;
  const unit = Math.min(width, height);

  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  ctx.fillStyle = STAGE;
  ctx.fillRect(0, 0, width, height);

  if (look.shake && t > BURST_AT && t < BURST_AT + 0.1) {
    const strength = (1 - (t - BURST_AT) / 0.1) * unit * 0.012;
    ctx.translate(Math.sin(t * 400) * strength, Math.cos(t * 530) * strength);
  }

  // Background glow of the tier.
  const glowAlpha = 0.25 + 0.45 * clamp01(t / BURST_AT) * (1 - clamp01((t - FADE_FROM) / (1 - FADE_FROM)));
  const glow = ctx.createRadialGradient(cx, cy, 0, cx, cy, span);
  glow.addColorStop(0, withAlpha(look.glow, glowAlpha));
  glow.addColorStop(1, withAlpha(look.glow, 0));
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, width, height);

  ctx.globalCompositeOperation = 'lighter';
  drawRays(ctx, look, t, cx, cy, span, look.spin, look.rays);
  if (look.doubleRays) drawRays(ctx, look, t * 0.8, cx, cy, span * 0.8, -look.spin, Math.round(look.rays * 1.5));

  // The orb grows while the particles gather, pulses, then bursts.
  const grow = easeOut(clamp01(t / BURST_AT));
  const fade = 1 - clamp01((t - BURST_AT) / 0.3);
  const orbRadius = unit * (0.04 + 0.16 * grow) * (1 + 0.05 * Math.sin(t * 60)) * (t > BURST_AT ? 1 + (1 - fade) * 1.5 : 1);
  if (fade > 0) {
    const orb = ctx.createRadialGradient(cx, cy, 0, cx, cy, orbRadius);
    orb.addColorStop(0, withAlpha('#ffffff', 0.95 * fade));
    orb.addColorStop(0.35, withAlpha(look.palette[1] ?? '#ffffff', 0.8 * fade));
    orb.addColorStop(1, withAlpha(look.palette[look.palette.length - 1] ?? '#ffffff', 0));
    ctx.fillStyle = orb;
    ctx.beginPath();
    ctx.arc(cx, cy, orbRadius, 0, Math.PI * 2);
    ctx.fill();
  }

  for (const p of particles) {
    let distance: number;
    let alpha: number;
    if (t < GATHER_END) {
      const k = easeIn(clamp01(t / GATHER_END));
      distance = span * p.reach * (1 - k);
      alpha = clamp01(t / 0.12) * (1 - k * 0.6);
    } else if (t >= BURST_AT) {
      const k = easeOut(clamp01(((t - BURST_AT) / (1 - BURST_AT)) * p.speed * 1.4));
      distance = span * p.reach * 1.15 * k;
      alpha = 1 - clamp01((t - BURST_AT) / (1 - BURST_AT));
    } else {
      continue;
    }
    if (alpha <= 0) continue;
    const x = cx + Math.cos(p.angle) * distance;
    const y = cy + Math.sin(p.angle) * distance + (look.shape === 'petal' && t > BURST_AT ? (t - BURST_AT) * unit * 0.25 : 0);
    ctx.save();
    ctx.translate(x, y);
    if (look.shape !== 'spark') ctx.rotate(p.rotation + p.twist * t);
    ctx.fillStyle = withAlpha(p.color, alpha);
    drawShape(ctx, look.shape, p.size * (unit / 400), p.angle);
    ctx.restore();
  }

  // The ring of the burst (rare and above), in every colour of the palette for the top tier.
  if (look.tier >= 1 && t >= BURST_AT) {
    const k = easeOut(clamp01((t - BURST_AT) / 0.3));
    const ringAlpha = 1 - k;
    if (ringAlpha > 0) {
      const radius = span * 0.9 * k;
      const segments = look.palette.length;
      ctx.lineWidth = unit * 0.012 * (1 + look.tier);
      for (let i = 0; i < segments; i += 1) {
        ctx.strokeStyle = withAlpha(look.palette[i] ?? '#ffffff', ringAlpha);
        ctx.beginPath();
        ctx.arc(cx, cy, radius, (i / segments) * Math.PI * 2 + t * 3, ((i + 1) / segments) * Math.PI * 2 + t * 3);
        ctx.stroke();
      }
    }
  }

  // The flash of the burst.
  const flash = clamp01(1 - Math.abs(t - BURST_AT) / 0.07) * (0.55 + look.tier * 0.14);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  if (flash > 0) {
    ctx.fillStyle = withAlpha('#ffffff', flash);
    ctx.fillRect(0, 0, width, height);
  }
  // Fade into the stage.
  const out = clamp01((t - FADE_FROM) / (1 - FADE_FROM));
  if (out > 0) {
    ctx.fillStyle = withAlpha(STAGE, out);
    ctx.fillRect(0, 0, width, height);
  }
}

import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { createParticles, drawMovieFrame } from './movie-canvas.ts';
import type { MovieLook } from './movie-look.ts';

interface RevealMovieProps {
  look: MovieLook;
  /** An operator-provided video for the result's best rarity and movie style, when one exists. */
  videoUrl: string | null;
  reducedMotion: boolean;
  onEnded: () => void;
}

/** Length of the calm version shown with prefers-reduced-motion. */
const CALM_MS = 1400;
const MAX_PIXEL_RATIO = 2;

/** Plays `onEnded` once after `ms`. */
function useTimeout(ms: number | null, onEnded: () => void): void {
  const done = useRef(onEnded);
  useEffect(() => {
    done.current = onEnded;
  }, [onEnded]);
  useEffect(() => {
    if (ms === null) return undefined;
    const timer = window.setTimeout(() => done.current(), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
}

/** The built-in movie on a canvas; without a 2D context (very old browsers) a calm glow. */
function CanvasMovie({ look, onEnded }: { look: MovieLook; onEnded: () => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const done = useRef(onEnded);
  const [noCanvas, setNoCanvas] = useState(false);

  useEffect(() => {
    done.current = onEnded;
  }, [onEnded]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d') ?? null;
    if (!canvas || !ctx) {
      setNoCanvas(true);
      return undefined;
    }
    const particles = createParticles(look);
    let frame = 0;
    let started: number | null = null;
    const fit = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
      canvas.width = Math.max(1, Math.round(canvas.clientWidth * ratio));
      canvas.height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    };
    fit();
    window.addEventListener('resize', fit);
    const tick = (time: number) => {
      started ??= time;
      const t = Math.min(1, (time - started) / look.durationMs);
      drawMovieFrame(ctx, look, particles, t, canvas.width, canvas.height);
      if (t < 1) frame = window.requestAnimationFrame(tick);
      else done.current();
    };
    frame = window.requestAnimationFrame(tick);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('resize', fit);
    };
  }, [look]);

  if (noCanvas) return <CalmMovie look={look} onEnded={onEnded} />;
  return <canvas ref={canvasRef} className="reveal-movie__canvas" data-testid="movie-canvas" />;
}

/** prefers-reduced-motion: a soft glow of the tier's colour that fades in and out. */
function CalmMovie({ look, onEnded }: { look: MovieLook; onEnded: () => void }) {
  const glowRef = useRef<HTMLDivElement>(null);
  useTimeout(CALM_MS, onEnded);
  // The Web Animations API, since the stylesheet turns CSS animations off under reduce.
  useEffect(() => {
    const glow = glowRef.current;
    if (!glow || typeof glow.animate !== 'function') return undefined;
    const fade = glow.animate([{ opacity: 0 }, { opacity: 1, offset: 0.35 }, { opacity: 1, offset: 0.7 }, { opacity: 0 }], {
      duration: CALM_MS,
      easing: 'ease-in-out',
      fill: 'forwards',
    });
    return () => fade.cancel();
  }, []);
  const style = { '--movie-glow': look.palette[1] ?? '#ffffff' } as CSSProperties;
  return <div ref={glowRef} className="reveal-movie__calm" style={style} data-testid="movie-calm" />;
}

/** An operator's video; when it cannot play, the built-in movie takes over. */
function VideoMovie({ src, onEnded, onFailed }: { src: string; onEnded: () => void; onFailed: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // Older engines return nothing from play(); Promise.resolve covers both.
    Promise.resolve(video.play()).catch(() => {
      // Autoplay with sound can be refused; muted playback is always allowed.
      video.muted = true;
      Promise.resolve(video.play()).catch(onFailed);
    });
  }, [onFailed]);
  return (
    <video
      ref={videoRef}
      className="reveal-movie__video"
      src={src}
      playsInline
      preload="auto"
      onEnded={onEnded}
      onError={onFailed}
      data-testid="movie-video"
    />
  );
}

/** The opening movie of the reveal: the operator's video when present, else the built-in one. */
export function RevealMovie({ look, videoUrl, reducedMotion, onEnded }: RevealMovieProps) {
  const [videoFailed, setVideoFailed] = useState(false);
  const fail = useCallback(() => setVideoFailed(true), []);
  let content;
  if (videoUrl && !videoFailed) content = <VideoMovie src={videoUrl} onEnded={onEnded} onFailed={fail} />;
  else if (reducedMotion) content = <CalmMovie look={look} onEnded={onEnded} />;
  else content = <CanvasMovie look={look} onEnded={onEnded} />;
  return (
    <div className={`reveal-movie tier-look-${look.tier}`} aria-hidden="true">
      {content}
    </div>
  );
}

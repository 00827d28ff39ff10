import { useEffect, useState } from 'react';

/** Each image shows for 2 s; the cross-fade itself takes 1 s (CSS). */
export const ROTATE_EVERY_MS = 2000;

/** The pack's images, cross-fading one into the next (spec section 2, pack detail banner). */
export function PackImageRotator({ images, name }: { images: string[]; name: string }) {
  const [step, setStep] = useState(0);
  const count = images.length;

  useEffect(() => {
    if (count < 2) return undefined;
    const timer = window.setInterval(() => setStep((value) => value + 1), ROTATE_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [count]);

  if (count === 0) return <div className="pack-visual pack-visual--empty" aria-hidden="true" />;
  const active = step % count;

  return (
    <div className="pack-visual">
      {images.map((src, index) => (
        <img
          key={`${src}-${index}`}
          src={src}
          alt={index === 0 ? name : ''}
          aria-hidden={index === 0 ? undefined : true}
          className={index === active ? 'pack-visual__image is-active' : 'pack-visual__image'}
          decoding="async"
        />
      ))}
      {count > 1 && (
        <div className="pack-visual__dots" aria-hidden="true">
          {images.map((src, index) => (
            <span key={`${src}-${index}`} className={index === active ? 'is-active' : undefined} />
          ))}
        </div>
      )}
    </div>
  );
}

import { useId } from 'react';

/** Small inline icons (decorative: the element next to them carries the accessible name). */
interface IconProps {
  className?: string;
}

export function MenuIcon({ className }: IconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

export function CloseIcon({ className }: IconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

export function GlobeIcon({ className }: IconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M3 12h18M12 3c3 3.2 3 14.8 0 18M12 3c-3 3.2-3 14.8 0 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
    </svg>
  );
}

export function ExternalIcon({ className }: IconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="12"
      height="12"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function ChevronIcon({
  className,
  direction = 'right',
}: IconProps & { direction?: 'left' | 'right' }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={direction === 'right' ? 'M9 5l7 7-7 7' : 'M15 5l-7 7 7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function SearchIcon({ className }: IconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The shop's mark (public/favicon.svg, the tab's icon) drawn inline: an <img> of an SVG is a
 * document of its own that the browser builds on the main thread, ~15 ms a picture on a fast
 * machine (decision 069), where inline it is a few more elements of the page. The gradients'
 * ids come from useId, so the header's and the footer's marks do not share them.
 */
export function BrandMark({ size, className }: { size: number; className?: string }) {
  // useId's characters (colons, guillemets) are not all safe inside url(#…): keep letters and digits.
  const id = `brand${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const gold = `${id}gold`;
  const red = `${id}red`;
  return (
    <svg className={className} viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gold} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe27a" />
          <stop offset="0.55" stopColor="#f5b400" />
          <stop offset="1" stopColor="#d98c00" />
        </linearGradient>
        <linearGradient id={red} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff6a6f" />
          <stop offset="1" stopColor="#b01d2b" />
        </linearGradient>
      </defs>
      <rect x="10" y="8" width="30" height="42" rx="5" transform="rotate(-14 25 29)" fill={`url(#${red})`} stroke="#7a1520" strokeWidth="2" />
      <rect x="24" y="12" width="30" height="42" rx="5" transform="rotate(10 39 33)" fill={`url(#${gold})`} stroke="#7a5200" strokeWidth="2" />
      <path d="M39 21l3.4 8.6 8.6 3.4-8.6 3.4L39 45l-3.4-8.6L27 33l8.6-3.4z" fill="#fff" transform="rotate(10 39 33)" />
    </svg>
  );
}

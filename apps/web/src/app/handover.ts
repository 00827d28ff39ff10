import { HANDOVER_ID, type PageHandover } from '@oripa/contract/public-pages';

/**
 * The data a server-rendered page was rendered from (entry-server.tsx), read once from its
 * `<script type="application/json">`; undefined on pages the browser renders alone.
 */
export function takeHandover(): PageHandover | undefined {
  const element = document.getElementById(HANDOVER_ID);
  if (!element?.textContent) return undefined;
  // Read once: the block is no part of the page React hydrates (it sits beside the root).
  element.remove();
  try {
    return JSON.parse(element.textContent) as PageHandover;
  } catch {
    return undefined;
  }
}

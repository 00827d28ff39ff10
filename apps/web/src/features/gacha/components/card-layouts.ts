import type { GridLayout } from '@/components/virtual-grid.tsx';
import { columnsFor } from '@/components/virtual-range.ts';

/** Below this list width the cards are rows (phones); from it on, a grid of tiles. */
export const GRID_FROM = 600;

/** The card choice: rows of 110 px on phones, tiles of at least 170 px wider. */
export function pickLayout(width: number): GridLayout {
  if (width < GRID_FROM) return { columns: 1, rowHeight: 118, gap: 8 };
  const gap = 14;
  const columns = columnsFor(width, 170, gap, 6);
  const tile = (width - gap * (columns - 1)) / columns;
  // Art at 5:7 inside the padding, then two lines of name, rarity, value and the switch.
  const art = ((tile - 20) * 7) / 5;
  return { columns, rowHeight: Math.ceil(art + 150 + gap), gap };
}

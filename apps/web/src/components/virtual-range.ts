/** The rows of a windowed list worth rendering: those on screen plus a few either side. */
export interface RowRange {
  /** First row to render (inclusive). */
  first: number;
  /** Last row to render (exclusive). */
  end: number;
}

export interface RangeInput {
  /** Top of the list relative to the top of the viewport (negative once scrolled past). */
  listTop: number;
  viewportHeight: number;
  rowHeight: number;
  rowCount: number;
  /** Rows rendered beyond each edge of the viewport. */
  overscan: number;
}

/**
 * Rows of a list of `rowCount` rows of `rowHeight` pixels that intersect the viewport, widened
 * by `overscan` rows. The count depends on the viewport, never on the list's length.
 */
export function visibleRows({ listTop, viewportHeight, rowHeight, rowCount, overscan }: RangeInput): RowRange {
  if (rowCount <= 0 || rowHeight <= 0) return { first: 0, end: 0 };
  const top = Math.max(0, -listTop);
  const bottom = Math.max(0, Math.min(rowCount * rowHeight, viewportHeight - listTop));
  if (bottom <= top) {
    // The list is off screen: keep a few rows around the nearer edge so focus can enter.
    const edge = listTop > 0 ? 0 : rowCount;
    return { first: Math.max(0, edge - overscan), end: Math.min(rowCount, edge + overscan) };
  }
  return {
    first: Math.max(0, Math.floor(top / rowHeight) - overscan),
    end: Math.min(rowCount, Math.ceil(bottom / rowHeight) + overscan),
  };
}

/** Columns that fit `width` with items at least `minItemWidth` wide and `gap` between them. */
export function columnsFor(width: number, minItemWidth: number, gap: number, max = 8): number {
  if (width <= 0) return 1;
  return Math.max(1, Math.min(max, Math.floor((width + gap) / (minItemWidth + gap))));
}

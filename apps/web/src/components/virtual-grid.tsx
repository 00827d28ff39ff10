import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { visibleRows, type RowRange } from './virtual-range.ts';
import './virtual-grid.css';

export interface GridLayout {
  columns: number;
  /** Height of a row including the gap below it. */
  rowHeight: number;
  /** Gap between the items of a row and below each row. */
  gap: number;
}

interface VirtualGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  /** Columns and row height for the list's width: one column of rows on phones, a grid wider. */
  layout: (width: number) => GridLayout;
  /** Rows rendered beyond each edge of the viewport. */
  overscan?: number;
  label: string;
  className?: string;
  testId?: string;
}

const SAME = (a: RowRange, b: RowRange) => a.first === b.first && a.end === b.end;

/**
 * A windowed list in the page's own scroll: only the rows near the viewport are in the DOM (a
 * few dozen nodes whether there are 10 items or 3000), inside a spacer as tall as the whole
 * list, so the scrollbar, find-in-page height and the footer stay where they belong.
 */
export function VirtualGrid<T>({
  items,
  getKey,
  renderItem,
  layout,
  overscan = 4,
  label,
  className,
  testId,
}: VirtualGridProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [range, setRange] = useState<RowRange>({ first: 0, end: 0 });
  const { columns, rowHeight, gap } = layout(width);
  const rowCount = Math.ceil(items.length / columns);

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    setWidth((previous) => (previous === list.clientWidth ? previous : list.clientWidth));
    const next = visibleRows({
      listTop: list.getBoundingClientRect().top,
      viewportHeight: window.innerHeight || document.documentElement.clientHeight,
      rowHeight,
      rowCount,
      overscan,
    });
    setRange((previous) => (SAME(previous, next) ? previous : next));
  }, [rowHeight, rowCount, overscan]);

  useLayoutEffect(() => {
    measure();
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
    if (listRef.current) observer?.observe(listRef.current);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [measure]);

  const rows: ReactNode[] = [];
  const end = Math.min(range.end, rowCount);
  for (let row = range.first; row < end; row += 1) {
    const cells: ReactNode[] = [];
    for (let column = 0; column < columns; column += 1) {
      const index = row * columns + column;
      const item = items[index];
      if (item === undefined) break;
      cells.push(
        <div key={getKey(item)} role="listitem" aria-posinset={index + 1} aria-setsize={items.length} className="vgrid__cell">
          {renderItem(item, index)}
        </div>,
      );
    }
    const rowStyle: CSSProperties = {
      top: `${row * rowHeight}px`,
      height: `${rowHeight}px`,
      gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
      columnGap: `${gap}px`,
      paddingBottom: `${gap}px`,
    };
    rows.push(
      <div key={row} role="presentation" className="vgrid__row" ref={styled(rowStyle)}>
        {cells}
      </div>,
    );
  }

  return (
    <div
      ref={(element) => {
        listRef.current = element;
        if (element) element.style.height = `${rowCount * rowHeight}px`;
      }}
      role="list"
      aria-label={label}
      className={className ? `vgrid ${className}` : 'vgrid'}
      data-testid={testId}
    >
      {rows}
    </div>
  );
}

/**
 * Sets an element's layout through the DOM's style object, not a style attribute: a
 * server-rendered page's CSP allows no inline style (decision 032).
 */
function styled(style: CSSProperties) {
  return (element: HTMLElement | null) => {
    if (element) Object.assign(element.style, style);
  };
}

import type { ReactNode } from 'react';

/**
 * The frame of a console table that scrolls sideways on a narrow screen. Focusable, so keyboard
 * users can reach and scroll it (axe's scrollable-region-focusable); a named region when the
 * screen gives it a label.
 */
export function TableScroll({ label, children }: { label?: string | undefined; children: ReactNode }) {
  return (
    <div className="admin-table-wrap" tabIndex={0} role={label ? 'region' : undefined} aria-label={label}>
      {children}
    </div>
  );
}

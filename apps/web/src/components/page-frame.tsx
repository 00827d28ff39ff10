import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/document-title.ts';

interface PageFrameProps {
  title: string;
  /** One sentence saying what the screen is for. */
  lead?: string;
  children?: ReactNode;
  /** Narrow column for forms and short screens. */
  narrow?: boolean;
}

/** A screen's frame inside the shared layout: its heading (the page's only h1) and lead. */
export function PageFrame({ title, lead, children, narrow = false }: PageFrameProps) {
  useDocumentTitle(title);
  return (
    <div className={narrow ? 'container page page--narrow' : 'container page'}>
      <header className="page-head">
        <h1 className="page-title">{title}</h1>
        {lead && <p className="page-lead">{lead}</p>}
      </header>
      {children}
    </div>
  );
}

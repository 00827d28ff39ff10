import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  Block,
  Inline,
  LegalDoc,
  LegalLang,
  LegalSection,
  ListItem,
  RichText,
} from './legal-types.ts';
import { langOf } from '@/lib/text-lang.ts';

/** Renders a legal document from the structured content of `content/`. */
export function LegalDocument(props: {
  title: string;
  lang: LegalLang;
  doc: LegalDoc;
  /** Shown above the text, e.g. that the Japanese original prevails over a translation. */
  notice?: string;
  contentsLabel: string;
}): ReactNode {
  const { title, lang, doc, notice, contentsLabel } = props;
  const sections = doc.sections.map((section, index) => ({
    section,
    id: section.id ?? `section-${index + 1}`,
  }));
  return (
    <article className="legal-page" lang={lang}>
      <h1 className="legal-title">{title}</h1>
      {notice ? (
        <p className="legal-notice" role="note">
          {notice}
        </p>
      ) : null}
      {doc.intro ? <div className="legal-intro">{renderBlocks(doc.intro)}</div> : null}
      {doc.contents && sections.length > 1 ? (
        <nav className="legal-toc" aria-label={contentsLabel}>
          <h2 className="legal-toc-title">{contentsLabel}</h2>
          <ol className="legal-toc-list">
            {sections.map(({ section, id }) => (
              <li key={id}>
                <a href={`#${id}`} onClick={(event) => jumpTo(event, id)}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {sections.map(({ section, id }) => (
        <SectionView key={id} id={id} section={section} article={doc.articles === true} />
      ))}
      {doc.closing ? (
        <footer className="legal-closing">
          {doc.closing.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </footer>
      ) : null}
    </article>
  );
}

/** The small placeholder shown while the operator's details are loading. */
export function LegalLoading(props: { title: string; lang: LegalLang; label: string }): ReactNode {
  return (
    <article className="legal-page" lang={props.lang} aria-busy="true">
      <h1 className="legal-title">{props.title}</h1>
      <p className="legal-loading" role="status">
        <span className="legal-spinner" aria-hidden="true" />
        {props.label}
      </p>
    </article>
  );
}

// In-page jumps scroll without touching the router's location.
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  if (typeof target.scrollIntoView === 'function') {
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }
  target.focus({ preventScroll: true });
}

function SectionView(props: { id: string; section: LegalSection; article: boolean }): ReactNode {
  const { id, section, article } = props;
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      tabIndex={-1}
      className={article ? 'legal-section legal-article' : 'legal-section'}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="legal-section-title">
        {section.title}
      </h2>
      {renderBlocks(section.blocks)}
      {section.subsections?.map((sub, index) => {
        const subId = sub.id ?? `${id}-${index + 1}`;
        return (
          <section
            key={subId}
            id={subId}
            className="legal-subsection"
            aria-labelledby={`${subId}-title`}
          >
            <h3 id={`${subId}-title`} className="legal-subsection-title">
              {sub.title}
            </h3>
            {renderBlocks(sub.blocks)}
          </section>
        );
      })}
    </section>
  );
}

function renderBlocks(blocks: readonly Block[]): ReactNode {
  return blocks.map((block, index) => <BlockView key={index} block={block} />);
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.type) {
    case 'p':
      // A paragraph that is one registered detail (a name, a licence) may be Japanese only.
      return (
        <p className="legal-p" lang={typeof block.text === 'string' ? langOf(block.text) : undefined}>
          {renderRich(block.text)}
        </p>
      );
    case 'note':
      return <p className="legal-note">{renderRich(block.text)}</p>;
    case 'ol':
      return (
        <ol className={block.style === 'paren' ? 'legal-ol legal-ol--paren' : 'legal-ol'}>
          {renderItems(block.items)}
        </ol>
      );
    case 'ul':
      return <ul className="legal-ul">{renderItems(block.items)}</ul>;
    case 'kv':
      return (
        <div className="legal-table-wrap">
          <table className="legal-table legal-table--kv">
            {block.caption ? <caption>{block.caption}</caption> : null}
            <tbody>
              {block.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{renderBlocks(row.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'table':
      return (
        <div className="legal-table-wrap">
          <table className="legal-table legal-table--grid">
            {block.caption ? <caption>{block.caption}</caption> : null}
            <thead>
              <tr>
                {block.head.map((heading) => (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((cells, rowIndex) => (
                <tr key={rowIndex}>
                  {cells.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row" data-label={block.head[cellIndex]}>
                        {renderRich(cell)}
                      </th>
                    ) : (
                      <td key={cellIndex} data-label={block.head[cellIndex]}>
                        {renderRich(cell)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'faq':
      return (
        <dl className="legal-faq">
          {block.items.map((item) => (
            <div key={item.q} className="legal-faq-item">
              <dt className="legal-faq-q">{item.q}</dt>
              <dd className="legal-faq-a">{renderBlocks(item.a)}</dd>
            </div>
          ))}
        </dl>
      );
  }
}

function renderItems(list: readonly (RichText | ListItem)[]): ReactNode {
  return list.map((entry, index) => {
    if (isListItem(entry)) {
      return (
        <li key={index}>
          {renderRich(entry.text)}
          {entry.children && entry.children.length > 0 ? renderBlocks(entry.children) : null}
        </li>
      );
    }
    return <li key={index}>{renderRich(entry)}</li>;
  });
}

function isListItem(entry: RichText | ListItem): entry is ListItem {
  return typeof entry === 'object' && !Array.isArray(entry) && 'text' in entry;
}

function renderRich(text: RichText): ReactNode {
  if (typeof text === 'string') return text;
  return text.map((part, index) => <InlineView key={index} part={part} />);
}

function InlineView({ part }: { part: Inline }): ReactNode {
  if (typeof part === 'string') return part;
  if ('strong' in part) return <strong>{part.strong}</strong>;
  if (part.href.startsWith('/')) {
    return (
      <Link className="legal-link" to={part.href}>
        {part.text}
      </Link>
    );
  }
  if (part.href.startsWith('mailto:') || part.href.startsWith('tel:')) {
    return (
      <a className="legal-link" href={part.href}>
        {part.text}
      </a>
    );
  }
  return (
    <a className="legal-link" href={part.href} target="_blank" rel="noopener noreferrer">
      {part.text}
    </a>
  );
}

import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title.ts';
import { usePageTexts } from '@/lib/page-texts.ts';
import en from './fairness-texts.en.json';
import ja from './fairness-texts.ja.json';
import { TEST_VECTORS } from './test-vectors.ts';
import './fairness.css';

// drand quicknet, as the specification fixes it (docs/fairness/draw-v2.md §1).
const QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesis: 1692803367,
};

/** /fairness: the draw algorithm (oripa-draw-v2) as a readable page, with its test vectors. */
export function FairnessPage() {
  const s = usePageTexts({ ja, en });
  useDocumentTitle(s.title);
  const checks = s.checks.items;
  return (
    <article className="container page fairness-page" data-testid="fairness-page">
      <h1 className="section-title">{s.title}</h1>
      <p className="fairness-lead">{s.lead}</p>
      <p>
        <Link to="/verify" className="btn btn--outline" data-testid="fairness-verify-link">
          {s.verifyLink}
        </Link>
      </p>

      <section aria-labelledby="fairness-beacon">
        <h2 id="fairness-beacon">{s.beacon.title}</h2>
        <p>{s.beacon.body}</p>
        <dl className="fairness-facts">
          <dt>{s.beacon.chainHash}</dt>
          <dd className="fairness-hex">{QUICKNET.chainHash}</dd>
          <dt>{s.beacon.publicKey}</dt>
          <dd className="fairness-hex">{QUICKNET.publicKey}</dd>
          <dt>{s.beacon.genesis}</dt>
          <dd className="fairness-hex">{QUICKNET.genesis}</dd>
        </dl>
        <p>{s.beacon.local}</p>
      </section>

      <section aria-labelledby="fairness-commitment">
        <h2 id="fairness-commitment">{s.commitment.title}</h2>
        <p>{s.commitment.body}</p>
      </section>

      <section aria-labelledby="fairness-draw">
        <h2 id="fairness-draw">{s.draw.title}</h2>
        <p>{s.draw.body}</p>
        <pre className="fairness-code" tabIndex={0}>
          <code>{`${s.draw.nextRound}\n\n${s.draw.steps}`}</code>
        </pre>
        <p>{s.draw.extras}</p>
      </section>

      <section aria-labelledby="fairness-log">
        <h2 id="fairness-log">{s.log.title}</h2>
        <p>{s.log.body}</p>
      </section>

      <section aria-labelledby="fairness-checks">
        <h2 id="fairness-checks">{s.checks.title}</h2>
        <ol>
          {checks.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="fairness-vectors">
        <h2 id="fairness-vectors">{s.vectors.title}</h2>
        <p>{s.vectors.lead}</p>
        <ul className="fairness-vectors" data-testid="test-vectors">
          {TEST_VECTORS.map((v) => (
            <li key={v.key}>
              <a href={v.url} download={v.file}>
                {s.vectors[v.key]}
              </a>{' '}
              <span className="fairness-file">{v.file}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="fairness-cli">
        <h2 id="fairness-cli">{s.cli.title}</h2>
        <p>{s.cli.body}</p>
        <pre className="fairness-code" tabIndex={0}>
          <code>{'curl -o mirror.json "https://<shop>/api/transparency/mirror?lot_id=12"\nnpx oripa-verify mirror.json --lot 12 --earlier-head head.json'}</code>
        </pre>
      </section>
    </article>
  );
}

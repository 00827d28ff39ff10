import beacon from '@oripa/verifier/test-vectors/beacon.json?url&no-inline';
import commitment from '@oripa/verifier/test-vectors/commitment.json?url&no-inline';
import draw from '@oripa/verifier/test-vectors/draw.json?url&no-inline';
import jcs from '@oripa/verifier/test-vectors/jcs.json?url&no-inline';
import merkle from '@oripa/verifier/test-vectors/merkle.json?url&no-inline';
import earlierHead from '@oripa/verifier/test-vectors/mirror-lot-12-earlier-head.json?url&no-inline';
import receipt from '@oripa/verifier/test-vectors/mirror-lot-12-receipt.json?url&no-inline';
import mirror from '@oripa/verifier/test-vectors/mirror-lot-12.json?url&no-inline';
import nextRound from '@oripa/verifier/test-vectors/next-round.json?url&no-inline';
import treeHead from '@oripa/verifier/test-vectors/tree-head.json?url&no-inline';

/**
 * The verifier package's published test vectors, served by the site as files (Vite copies each
 * into the build with a hashed name), in the order the specification page lists them. The keys
 * are the page's labels under fairness.spec.vectors.
 */
export const TEST_VECTORS = [
  { key: 'jcs', file: 'jcs.json', url: jcs },
  { key: 'commitment', file: 'commitment.json', url: commitment },
  { key: 'draw', file: 'draw.json', url: draw },
  { key: 'nextRound', file: 'next-round.json', url: nextRound },
  { key: 'merkle', file: 'merkle.json', url: merkle },
  { key: 'head', file: 'tree-head.json', url: treeHead },
  { key: 'beacon', file: 'beacon.json', url: beacon },
  { key: 'mirror', file: 'mirror-lot-12.json', url: mirror },
  { key: 'earlierHead', file: 'mirror-lot-12-earlier-head.json', url: earlierHead },
  { key: 'receipt', file: 'mirror-lot-12-receipt.json', url: receipt },
] as const;

// @ts-check
/** @oripa/verifier: the oripa-draw-v2 reference verifier (docs/fairness/draw-v2.md). */
export { QUICKNET, BEACON_DST, nextRound, roundTime, localChainHash, roundMessage, roundRandomness, verifyBeaconRound, beaconDeclarationProblem } from './beacon.js';
export { toHex, fromHex, fromBase64, utf8, u64be, concat, equalBytes } from './bytes.js';
export { commitmentHash, commitmentProblem } from './commitment.js';
export { purchaseKey, drawStream, drawOne, drawPurchase, extrasWon } from './draw.js';
export { sha256, hmacSha256 } from './hash.js';
export { logIdOf, headMessage, verifyHeadSignature, isSignedHead } from './heads.js';
export { canonicalJson, canonicalBytes } from './jcs.js';
export { leafHash, nodeHash, merkleRoot, prefixRoots, inclusionProof, consistencyProof } from './merkle.js';
export { verifyInclusion, verifyConsistency } from './merkle-verify.js';
export { parseMirror, MirrorFormatError } from './mirror.js';
export { describeReport, FAILURE_TITLES, LotFailure } from './report.js';
export { verifyLot } from './verify-lot.js';

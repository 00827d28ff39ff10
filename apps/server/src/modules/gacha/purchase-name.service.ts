import type { DbOrTx } from '../../db/client.ts';
import { purchasePackName as packNameOf } from './purchase.repo.ts';

/** The pack name a purchase was made under (ledger memos of its cards). */
export function purchasePackName(db: DbOrTx, purchaseId: number): Promise<string> {
  return packNameOf(db, purchaseId);
}

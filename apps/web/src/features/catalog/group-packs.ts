import type { CardType, Pack } from '@oripa/contract/catalog';

export interface PackGroupData {
  /** Card type id; 0 for packs of a type the card-type list does not name. */
  typeId: number;
  name: string;
  packs: Pack[];
}

/**
 * Packs on sale (not upcoming) grouped by card type, in the order of the card-type list; types
 * without packs are left out. Packs of an unlisted type end up in a last group named `otherName`.
 */
export function groupByCardType(packs: Pack[], types: CardType[], otherName: string): PackGroupData[] {
  const groups = new Map<number, PackGroupData>(
    types.map((type) => [type.id, { typeId: type.id, name: type.name, packs: [] }]),
  );
  const other: PackGroupData = { typeId: 0, name: otherName, packs: [] };
  for (const pack of packs) {
    if (pack.is_before) continue;
    (groups.get(pack.card_type) ?? other).packs.push(pack);
  }
  return [...groups.values(), other].filter((group) => group.packs.length > 0);
}

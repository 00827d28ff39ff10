import type { Pack } from '@oripa/contract/catalog';
import { PackTile } from './pack-tile.tsx';

/** Packs as a grid of tiles: two columns on phones, four on wider screens. */
export function PackGrid({ packs }: { packs: Pack[] }) {
  return (
    <ul className="tile-grid pack-grid">
      {packs.map((pack) => (
        <li key={pack.id}>
          <PackTile pack={pack} />
        </li>
      ))}
    </ul>
  );
}

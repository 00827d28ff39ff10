import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { createTestQueryClient, MEMBER, renderAt } from '@/test-utils.tsx';
import { PurchasePanel } from './components/purchase-panel.tsx';
import { makeDetail } from '@/test-packs.ts';

// Issue 15 item 1: the count control of a 3000-pack lot must stay cheap. This renders the
// purchase panel of a lot with 3000 packs left and reports the time of the mount (render()
// returns once React has committed it) and the DOM nodes the panel made;
// the figures go into decision 022.

describe('purchase panel render cost', () => {
  it('mounts the count control of a 3000-pack lot with few DOM nodes', () => {
    const times: number[] = [];
    const nodes: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const queryClient = createTestQueryClient();
      queryClient.setQueryData(CURRENT_USER_KEY, MEMBER);
      const start = performance.now();
      const view = renderAt(
        '/pack-detail?packId=1',
        <PurchasePanel pack={makeDetail({ pack_count: 3000, total_pack_count: 3000 })} />,
        { queryClient },
      );
      times.push(performance.now() - start);
      nodes.push(view.container.querySelectorAll('*').length);
      view.unmount();
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.info(`purchase panel mount: median ${sorted[2]?.toFixed(1)} ms, min ${sorted[0]?.toFixed(1)} ms, DOM nodes ${nodes[0]}`);
    // The panel is drawn (count field, − and +, quick counts, buy button), and small.
    expect(nodes[0]).toBeGreaterThan(10);
    expect(nodes[0]).toBeLessThan(100);
  });
});

import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { createTestQueryClient, MEMBER, renderAt } from '@/test-utils.tsx';
import { PurchasePanel } from './components/purchase-panel.tsx';
import { makeDetail } from '@/test-packs.ts';

// Issue 15 item 1: the count control of a 3000-pack lot must stay cheap. This renders the
// purchase panel of a lot with 3000 packs left and reports React's own render time (Profiler
// actualDuration, mount) and the DOM nodes the panel made; the figures go into decision 022.

describe('purchase panel render cost', () => {
  it('mounts the count control of a 3000-pack lot with few DOM nodes', () => {
    const times: number[] = [];
    const onRender: ProfilerOnRenderCallback = (_id, phase, actual) => {
      if (phase === 'mount') times.push(actual);
    };
    const nodes: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const queryClient = createTestQueryClient();
      queryClient.setQueryData(CURRENT_USER_KEY, MEMBER);
      const view = renderAt(
        '/pack-detail?packId=1',
        <Profiler id="panel" onRender={onRender}>
          <PurchasePanel pack={makeDetail({ pack_count: 3000, total_pack_count: 3000 })} />
        </Profiler>,
        { queryClient },
      );
      nodes.push(view.container.querySelectorAll('*').length);
      view.unmount();
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.info(`purchase panel mount: median ${sorted[2]?.toFixed(1)} ms, min ${sorted[0]?.toFixed(1)} ms, DOM nodes ${nodes[0]}`);
    expect(nodes[0]).toBeLessThan(100);
  });
});

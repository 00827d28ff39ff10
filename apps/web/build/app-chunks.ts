import type { Plugin, Rolldown } from 'vite';

/** Code, not styles or assets: only these go into the groups below. */
const CODE = /\.(m?[jt]sx?|cjs)$/;
const LIBRARY = /[\\/]node_modules[\\/]/;

/**
 * Every module the app's start-up needs in two chunks, the libraries' and the shop's, instead
 * of the two dozen small ones the automatic splitting made (each module shared by a different
 * set of pages became a chunk). The top page preloaded 34 files, now 18. Starting a preload costs
 * the main thread: in CPU profiles of the top page, the boot entry's preloads took 11–42 ms per
 * load before and 7–17 ms after (decision 073).
 *
 * The groups are the static imports of `main.tsx` (the app the boot entry imports once the page
 * has painted), read from the module graph at the end of the build, so they follow the code with
 * no list to keep. Left out, on purpose:
 * - `main.tsx` itself: a group that takes in the target of a dynamic import turns that import's
 *   manifest entry into its stylesheet;
 * - what the boot entry (`boot.ts`) imports: in a group, the entry would import the whole group
 *   before the page has painted;
 * - pages loaded on demand (the routes' `lazy` imports): they stay chunks of their own.
 * The app chunk imports only the libraries' chunk and the boot entry's, never `main.tsx`'s, so
 * no two chunks import each other (a cycle deadlocks the modules' top-level `await`).
 */
export function appChunks(appEntry: string, bootEntry: string): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  const imports = new Map<string, readonly string[]>();
  let startUp: Set<string> | undefined;

  /** The modules `from` reaches through static imports, `from` included. */
  const reach = (from: string) => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    return seen;
  };

  /** The start-up's modules, computed once the graph is known (the groups ask during chunking). */
  const startUpModules = () => {
    if (!startUp) {
      const boot = reach(bootEntry);
      // Virtual modules (\0…: the bundler's runtime, Vite's preload helper) stay where the bundler puts them.
      startUp = new Set([...reach(appEntry)].filter((id) => id !== appEntry && !boot.has(id) && !id.startsWith('\0') && CODE.test(id)));
    }
    return startUp;
  };

  const plugin: Plugin = {
    name: 'oripa-app-chunks',
    apply: 'build',
    buildEnd() {
      imports.clear();
      startUp = undefined;
      for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
    },
  };
  const groups: Rolldown.CodeSplittingGroup[] = [
    { name: 'libraries', test: (id) => LIBRARY.test(id) && startUpModules().has(id), priority: 2, includeDependenciesRecursively: false },
    { name: 'app', test: (id) => !LIBRARY.test(id) && startUpModules().has(id), priority: 1, includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}

import type { Db } from '../db/client.ts';
import type { OpsCommand } from './command.ts';

/**
 * A command that lists rows as a fixed-width table (pack:list, exchange:list, rank:list): one
 * place for the shape, each command gives what it loads and how a row reads.
 */
export function listCommand<T>(def: {
  name: string;
  summary: string;
  /** Column titles, aligned with what `line` writes. */
  head: string;
  /** What it says when there are no rows. */
  empty: string;
  load: (db: Db) => Promise<T[]>;
  line: (row: T) => string;
}): OpsCommand {
  return {
    name: def.name,
    summary: def.summary,
    usage: def.name,
    async run({ database }) {
      const list = await def.load(database.db);
      const lines = list.map(def.line);
      return { message: lines.length > 0 ? [def.head, ...lines].join('\n') : def.empty, data: { list } };
    },
  };
}

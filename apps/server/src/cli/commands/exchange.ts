import {
  createExchangeCard,
  ExchangeSpecError,
  exchangeSpecSchema,
  listExchangeCardsForOperator,
  setExchangeStock,
} from '../../modules/exchange/exchange-admin.service.ts';
import { CLI_ACTOR } from '../../modules/audit/audit.service.ts';
import { OpsError, type OpsCommand } from '../command.ts';
import { listCommand } from '../list-command.ts';
import { asOpsError, readSpecFile } from '../spec-file.ts';

function wholeNumber(text: string | undefined, what: string, min: number, max: number): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new OpsError(`${what} must be a whole number from ${min} to ${max}, not "${text ?? ''}"`);
  }
  return Number(text);
}

export const exchangeCreateCommand: OpsCommand = {
  name: 'exchange:create',
  summary: 'Create an exchange-shop card from a JSON file; see docs/exchange-file.md',
  usage: 'exchange:create FILE.json',
  async run({ database }, { positional }) {
    const { spec, dir } = readSpecFile(positional[0], 'exchange card', exchangeSpecSchema);
    const card = await asOpsError(ExchangeSpecError, () => createExchangeCard(database.db, spec, dir));
    return {
      message: `Exchange card ${card.id} "${card.name}" created: ${card.sub_coin} coins, stock ${card.stock}${card.published ? '' : ' (hidden)'}.`,
      data: { ...card },
    };
  },
};

export const exchangeListCommand = listCommand({
  name: 'exchange:list',
  summary: 'List the exchange-shop cards with coin cost, stock, limit and exchanges made',
  head: '  id      coins  stock  limit  exchanged  name',
  empty: 'No exchange cards.',
  load: (db) => listExchangeCardsForOperator(db),
  line: (c) =>
    `${String(c.id).padStart(4)}  ${c.sub_coin.padStart(9)}  ${String(c.stock).padStart(5)}  ${(c.limit_per_member > 0 ? String(c.limit_per_member) : '-').padStart(5)}  ${String(c.exchanged).padStart(9)}  ${c.published ? '' : '[hidden] '}${c.name} ${c.model_number}`,
});

export const exchangeStockCommand: OpsCommand = {
  name: 'exchange:stock',
  summary: 'Set the stock of an exchange card (written to the audit log)',
  usage: 'exchange:stock ID N',
  async run({ database }, { positional }) {
    const id = wholeNumber(positional[0], 'ID', 1, 2147483647);
    const stock = wholeNumber(positional[1], 'N (the new stock)', 0, 1_000_000);
    const change = await asOpsError(ExchangeSpecError, () => setExchangeStock(database.db, id, stock, CLI_ACTOR));
    return {
      message: `Exchange card ${id}: stock ${change.before} → ${change.after}.`,
      data: { id, before: change.before, after: change.after },
    };
  },
};

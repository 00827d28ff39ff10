import { OpsError, parseArgs, type OpsContext } from './command.ts';
import { findCommand, helpText } from './registry.ts';

/** The outcome of one command, the same whether it ran in the server or in the CLI process. */
export interface CommandOutcome {
  ok: boolean;
  /** 0 success, 2 operator mistake, 1 failure. */
  exitCode: number;
  message: string;
  data: Record<string, unknown>;
}

export function helpOutcome(): CommandOutcome {
  return { ok: true, exitCode: 0, message: helpText(), data: { help: helpText() } };
}

/** Runs `argv` (command name first) in `ctx`; never throws. */
export async function runCommand(ctx: OpsContext, argv: string[]): Promise<CommandOutcome> {
  const { command, args } = parseArgs(argv);
  if (command === undefined || command === 'help') return helpOutcome();
  const found = findCommand(command);
  if (!found) {
    const message = `Unknown command "${command}". Run "npm run ops -- help" for the list.`;
    return { ok: false, exitCode: 2, message, data: { error: message } };
  }
  try {
    const result = await found.run(ctx, args);
    return { ok: true, exitCode: 0, message: result.message, data: result.data };
  } catch (error) {
    if (error instanceof OpsError) {
      const message = `${error.message}\nUsage: npm run ops -- ${found.usage}`;
      return { ok: false, exitCode: 2, message, data: { error: error.message, usage: found.usage } };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, exitCode: 1, message: `Command failed: ${message}`, data: { error: message } };
  }
}

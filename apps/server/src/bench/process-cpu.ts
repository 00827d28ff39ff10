import fs from 'node:fs';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ). */
const TICK_MS = 10;

function statFields(pid: number | string): string[] | undefined {
  try {
    // Fields after the command name, which may hold spaces: the 3rd field of stat is [0] here.
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used, from /proc (Linux); undefined elsewhere. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15 of stat.
  return fields ? (Number(fields[11]) + Number(fields[12])) * TICK_MS : undefined;
}

/** CPU time of the children a process has waited for (cutime + cstime, fields 16 and 17). */
function reapedChildrenCpuMs(pid: number | string): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[13]) + Number(fields[14])) * TICK_MS : 0;
}

/**
 * CPU time of the PostgreSQL server's processes that work for `databases`: the backends
 * connected to them, the auxiliary processes (WAL writer, checkpointer, …) and the postmaster,
 * including the backends it has reaped (its children's times), so a connection closed during a
 * window still counts. Backends of other databases (other people's tests on a shared server)
 * are left out. Their titles are `postgres: user database host(port) state`.
 */
function postgresCpuMs(databases: readonly string[]): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let comm: string;
    let title: string;
    try {
      comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      if (comm !== 'postgres') continue;
      title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    } catch {
      continue; // gone meanwhile
    }
    const backend = /^postgres: \S+ (\S+) \S+\(\d+\)/.exec(title);
    if (backend && !databases.includes(backend[1] as string)) continue;
    total += (processCpuMs(Number(pid)) ?? 0) + (backend ? 0 : reapedChildrenCpuMs(pid));
  }
  return total;
}

/** The whole machine's busy and total CPU time (all cores), from /proc/stat. */
function machineCpuMs(): { busy: number; total: number; cores: number } {
  const text = fs.readFileSync('/proc/stat', 'utf8');
  const ticks = (text.split('\n')[0] ?? '').split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  // idle and iowait are not work
  const busy = total - (ticks[3] ?? 0) - (ticks[4] ?? 0);
  const cores = text.split('\n').filter((line) => /^cpu\d+ /.test(line)).length;
  return { busy: busy * TICK_MS, total: total * TICK_MS, cores };
}

export interface CpuSample {
  at: number;
  machine: { busy: number; total: number; cores: number };
  groups: Record<string, number>;
}

/**
 * Where the machine's CPU goes during a part of the bench: call `cpuSample` before and after,
 * then `cpuShares`. `pids` names processes (their own CPU; `children: true` also counts the
 * children they waited for, e.g. pgbench run by the bench); `postgres` the databases whose
 * PostgreSQL processes count as the group `postgres`. Linux only: elsewhere undefined.
 */
export function cpuSample(
  databases: readonly string[],
  pids: Record<string, { pid: number | undefined; children?: boolean }>,
): CpuSample | undefined {
  try {
    const groups: Record<string, number> = { postgres: postgresCpuMs(databases) };
    for (const [name, { pid, children }] of Object.entries(pids)) {
      if (pid === undefined) continue;
      groups[name] = (processCpuMs(pid) ?? 0) + (children ? reapedChildrenCpuMs(pid) : 0);
    }
    return { at: performance.now(), machine: machineCpuMs(), groups };
  } catch {
    return undefined;
  }
}

/** Each group's CPU between two samples, and the machine's capacity (all cores) over the window, ms. */
export interface CpuUse {
  capacityMs: number;
  cores: number;
  /** Per group, and `other` for busy time no group accounts for (other work on the machine). */
  usedMs: Record<string, number>;
  busyMs: number;
}

export function cpuUse(before: CpuSample | undefined, after: CpuSample | undefined): CpuUse | undefined {
  if (!before || !after) return undefined;
  const capacityMs = after.machine.total - before.machine.total;
  if (capacityMs <= 0) return undefined;
  const usedMs: Record<string, number> = {};
  let accounted = 0;
  for (const [name, ms] of Object.entries(after.groups)) {
    const used = ms - (before.groups[name] ?? ms);
    accounted += used;
    usedMs[name] = used;
  }
  const busyMs = after.machine.busy - before.machine.busy;
  usedMs.other = Math.max(0, busyMs - accounted);
  return { capacityMs, cores: after.machine.cores, usedMs, busyMs };
}

/**
 * Prints each group's share of the whole machine (`<prefix>_cpu_share_<group>=`, 1.0 = every
 * core busy for the whole window), whether the cores were saturated, and with `per` each
 * group's CPU ms per unit of work (`<prefix>_cpu_ms_per_<unit>_<group>=`): work per unit moves
 * far less with the machine's other load than the shares and rates do.
 */
export function printCpuUse(prefix: string, use: CpuUse | undefined, per?: { unit: string; count: number }): void {
  if (!use) return;
  for (const [name, ms] of Object.entries(use.usedMs)) {
    console.log(`${prefix}_cpu_share_${name}=${(ms / use.capacityMs).toFixed(3)}`);
  }
  const busy = use.busyMs / use.capacityMs;
  console.log(
    `${prefix}_cpu_machine_busy=${busy.toFixed(3)} (of ${use.cores} cores; ${busy >= 0.9 ? 'saturated' : 'not saturated'})`,
  );
  if (per && per.count > 0) {
    const line = Object.entries(use.usedMs)
      .filter(([name]) => name !== 'other')
      .map(([name, ms]) => `${prefix}_cpu_ms_per_${per.unit}_${name}=${(ms / per.count).toFixed(3)}`);
    console.log(line.join(' '));
  }
}

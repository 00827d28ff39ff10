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
 * Whether a process is one of the PostgreSQL server's that work for `databases`: a backend
 * connected to one of them, or a shared process (postmaster, WAL writer, checkpointer, …).
 * Backends of other databases (other people's tests on a shared server) are left out. Backend
 * titles are `postgres: [cluster: ]user database host(port)|[local] state`. Undefined: not PostgreSQL (or gone).
 */
function postgresProcessFor(pid: string, databases: readonly string[]): boolean | undefined {
  try {
    if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return undefined;
    const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    // after the cluster's name, when it has one (`postgres: 15/main: …`)
    const backend = /^postgres: (?:\S+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\])/.exec(title);
    return !backend || databases.includes(backend[1] as string);
  } catch {
    return undefined;
  }
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

/**
 * Where the machine's CPU goes during a part of the bench: `start()` before, `stop()` after.
 * `pids` names processes (their own CPU; `children: true` adds the children they have waited
 * for, e.g. pgbench run by the bench through a script); the group `postgres` is the PostgreSQL
 * processes working for `databases` (postgresProcessFor). Those are polled twice a second, each
 * process on its own, so a backend that starts or ends within the window counts too (all but its
 * last half second) and the backends of other databases never do. Linux only: elsewhere
 * `stop()` gives undefined.
 */
export class CpuWatch {
  private readonly first = new Map<string, number>();
  private readonly last = new Map<string, number>();
  /** Processes polled: true = one of ours, false = not. */
  private readonly known = new Map<string, boolean>();
  private machine: ReturnType<typeof machineCpuMs> | undefined;
  private named: Record<string, number> = {};
  private timer: NodeJS.Timeout | undefined;
  private started = false;

  constructor(
    private readonly databases: readonly string[],
    private readonly pids: Record<string, { pid: number | undefined; children?: boolean }>,
  ) {}

  private namedCpu(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [name, { pid, children }] of Object.entries(this.pids)) {
      if (pid !== undefined) out[name] = (processCpuMs(pid) ?? 0) + (children ? reapedChildrenCpuMs(pid) : 0);
    }
    return out;
  }

  private poll(): void {
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let ours = this.known.get(pid);
      if (ours === undefined) {
        ours = postgresProcessFor(pid, this.databases) ?? false;
        this.known.set(pid, ours);
      }
      if (!ours) continue;
      const cpu = processCpuMs(Number(pid));
      if (cpu === undefined) continue;
      // A process first seen after the start began within the window: all of its time counts.
      if (!this.first.has(pid)) this.first.set(pid, this.started ? 0 : cpu);
      this.last.set(pid, cpu);
    }
  }

  start(): this {
    try {
      this.machine = machineCpuMs();
      this.named = this.namedCpu();
      this.poll();
      this.started = true;
      this.timer = setInterval(() => this.poll(), 500);
    } catch {
      this.machine = undefined;
    }
    return this;
  }

  stop(): CpuUse | undefined {
    clearInterval(this.timer);
    if (!this.machine) return undefined;
    try {
      this.poll();
      const machine = machineCpuMs();
      const named = this.namedCpu();
      let postgres = 0;
      for (const [pid, first] of this.first) postgres += (this.last.get(pid) ?? first) - first;
      const usedMs: Record<string, number> = { postgres };
      for (const [name, ms] of Object.entries(named)) usedMs[name] = ms - (this.named[name] ?? ms);
      const capacityMs = machine.total - this.machine.total;
      const busyMs = machine.busy - this.machine.busy;
      if (capacityMs <= 0) return undefined;
      const accounted = Object.values(usedMs).reduce((a, b) => a + b, 0);
      usedMs.other = Math.max(0, busyMs - accounted);
      return { capacityMs, cores: machine.cores, usedMs, busyMs };
    } catch {
      return undefined;
    }
  }
}

/** Each group's CPU over a window, and the machine's capacity (all cores) over it, ms. */
export interface CpuUse {
  capacityMs: number;
  cores: number;
  /** Per group, and `other` for busy time no group accounts for (other work on the machine). */
  usedMs: Record<string, number>;
  busyMs: number;
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

import type { Db } from '../db/client.ts';
import type { QueueDefinition } from '../kernel/job-engine.ts';
import { JOBS, sweepJobs, type Job } from './sweeper.ts';

/** Every minute, as the interval sweeper before the engine ran them. */
export const SWEEP_CRON = '* * * * *';

/** Engine queue names allow letters, digits, '-' and '_' ('holdings:convert' → 'sweep-holdings-convert'). */
export function queueName(job: Job): string {
  return `sweep-${(job.queue ?? job.name).replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/**
 * The sweeper's transitions as engine queues: one per job (or per shared `queue`, run in JOBS
 * order), each on the minute schedule, run under the shop-wide sweep lock (jobs/sweeper.ts) so
 * two transitions never overlap, retried with backoff when they throw. `jobs` defaults to JOBS.
 */
export function sweepQueues(db: Db, jobs: Job[] = JOBS, cron = SWEEP_CRON): QueueDefinition[] {
  const groups = new Map<string, Job[]>();
  for (const job of jobs) {
    const name = queueName(job);
    groups.set(name, [...(groups.get(name) ?? []), job]);
  }
  return [...groups].map(([name, group]) => ({
    name,
    cron,
    retryLimit: 3,
    retryDelaySeconds: 5,
    run: () => sweepJobs(db, group, new Date()),
  }));
}

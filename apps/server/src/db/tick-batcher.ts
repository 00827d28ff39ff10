/**
 * Gathers the calls that arrive in one turn of the event loop into one statement (decision 005,
 * "Checks share statements"). Under load Node reads many requests in one poll phase; their calls
 * queue here and run together at `setImmediate`, right after that phase, so batching adds no wait
 * of its own: an idle server runs a lone call in the same turn as before. Calls with the same key
 * (one session) never share a statement: a later one waits for the next turn, so each statement
 * sees a key once and runs it in arrival order.
 */
export class TickBatcher<I, O> {
  private queue: { input: I; resolve(out: O): void; reject(error: unknown): void }[] = [];
  private scheduled = false;

  constructor(
    /** Runs the inputs (distinct keys) in one statement; answers one output per input, in order. */
    private readonly run: (inputs: I[]) => Promise<O[]>,
    private readonly keyOf: (input: I) => string,
    private readonly maxBatch = 128,
  ) {}

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const keys = new Set<string>();
    const batch: typeof this.queue = [];
    const later: typeof this.queue = [];
    for (const call of this.queue) {
      const key = this.keyOf(call.input);
      if (batch.length < this.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(call);
      } else later.push(call);
    }
    this.queue = later;
    if (later.length > 0) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    this.run(batch.map((c) => c.input)).then(
      (outs) => batch.forEach((c, i) => c.resolve(outs[i] as O)),
      (error: unknown) => batch.forEach((c) => c.reject(error)),
    );
  }
}

/**
 * Reads by key of one event-loop turn in one statement: `read` answers the rows of many keys,
 * each row under `keyOf(row)`; every caller gets its key's row, or undefined.
 */
export function keyedReads<R>(read: (keys: string[]) => Promise<R[]>, keyOf: (row: R) => string): TickBatcher<string, R | undefined> {
  return new TickBatcher<string, R | undefined>(
    async (keys) => {
      const byKey = new Map((await read(keys)).map((row) => [keyOf(row), row]));
      return keys.map((key) => byKey.get(key));
    },
    (key) => key,
  );
}

export interface PeriodicJob {
  /** Runs a pass soon, unless one is under way (e.g. right after new work arrived). */
  wake(): void;
  /** Stops the timer and waits for a pass under way to finish. */
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  /** One pass of the job. */
  run: () => Promise<unknown>;
  /** A failed pass is logged here; the next pass comes as usual. */
  onError: (error: unknown) => void;
  /** The wait after a pass ends before the next starts, so passes never overlap. */
  intervalMs: number;
  /** The wait before the first pass (default 0: at once). */
  firstDelayMs?: number;
  /** Whether a waiting timer holds the process open (default false). */
  keepAlive?: boolean;
}

/**
 * The loop of every background job: a pass after firstDelayMs, then one intervalMs after each pass
 * ends, and one soon after a wake. Nothing is kept between passes but the timer: the work itself is
 * in the database, shared with every other process.
 */
export function startPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    if (!options.keepAlive) timer.unref();
  };
  function tick(): void {
    if (stopped || running) return;
    running = options
      .run()
      .then(() => undefined)
      .catch(options.onError)
      .finally(() => {
        running = undefined;
        schedule(options.intervalMs);
      });
  }

  schedule(options.firstDelayMs ?? 0);
  return {
    wake() {
      if (!running) schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

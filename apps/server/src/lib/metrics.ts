import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The outside systems the hall calls; each one's health is a pair of series labelled with its name. */
export const ADAPTERS = ['wechat', 'faceid', 'sms', 'registry', 'oidc'] as const;
export type AdapterName = (typeof ADAPTERS)[number];

/** Request latency buckets (seconds): the hall aims at 200 ms at p95; uploads and PDFs take seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10, 30];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
const ADAPTER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Consecutive failures after which a configured adapter makes /readyz answer 503. */
export const ADAPTER_UNREADY_AFTER = 5;

/**
 * The hall's Prometheus series, one registry per app (tests build many apps in one process). Every
 * name here is what ops/prometheus/alerts.yml reads; test/metrics.test.ts checks that each one shows.
 */
export class HallMetrics {
  readonly registry = new Registry();

  readonly requests = new Counter({
    name: 'hall_http_requests_total',
    help: 'Requests answered, by route pattern (never the raw address), method and status code.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  readonly requestDuration = new Histogram({
    name: 'hall_http_request_duration_seconds',
    help: 'Time from the request arriving to its reply sent, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });

  /** One series, there from the start (at 0): the error-rate alert divides it by all requests; which route is in hall_http_requests_total's status. */
  readonly requestErrors = new Counter({
    name: 'hall_http_request_errors_total',
    help: 'Requests answered with a 5xx status (the hall failed, not the citizen).',
    registers: [this.registry],
  });

  readonly queryDuration = new Histogram({
    name: 'hall_db_query_duration_seconds',
    help: 'Time of each database statement, from sent to answered.',
    buckets: QUERY_BUCKETS,
    registers: [this.registry],
  });

  readonly adapterCalls = new Histogram({
    name: 'hall_adapter_request_duration_seconds',
    help: 'Time of each call to an outside system, by adapter.',
    labelNames: ['adapter'] as const,
    buckets: ADAPTER_BUCKETS,
    registers: [this.registry],
  });

  readonly adapterLastSuccess = new Gauge({
    name: 'hall_adapter_last_success_timestamp_seconds',
    help: 'When an outside system last answered (Unix seconds; 0: not since start), by adapter.',
    labelNames: ['adapter'] as const,
    registers: [this.registry],
  });

  readonly adapterFailures = new Counter({
    name: 'hall_adapter_failures_total',
    help: 'Calls to an outside system that got no answer (network error, timeout) or a 5xx, by adapter.',
    labelNames: ['adapter'] as const,
    registers: [this.registry],
  });

  // Read at each scrape (plugins/metrics.ts), but kept here: a hall context may serve several apps, and a series registers once.
  readonly queuePending = new Gauge({
    name: 'hall_queue_pending',
    help: 'Query records in progress, by queue (documents: certificate, licence, archive, property; verification).',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly queueOldestPending = new Gauge({
    name: 'hall_queue_oldest_pending_age_seconds',
    help: 'Age of the oldest record in progress, by queue (0 when none).',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly notificationsWaiting = new Gauge({
    name: 'hall_notifications_waiting',
    help: 'Notification deliveries (SMS, WeChat) waiting to be sent, retries included.',
    registers: [this.registry],
  });

  readonly backupLastSuccess = new Gauge({
    name: 'hall_backup_last_success_timestamp_seconds',
    help: 'When the last backup succeeded (Unix seconds): the modification time of the backup stamp file (HALL_BACKUP_STAMP_FILE), which a successful backup touches; 0 while it does not exist.',
    registers: [this.registry],
  });

  readonly jobLastSuccess = new Gauge({
    name: 'hall_job_last_success_timestamp_seconds',
    help: 'When a background job last finished a pass (Unix seconds; 0: not since start), by task (Prometheus keeps `job` for the scrape).',
    labelNames: ['task'] as const,
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: 'hall_job_failures_total',
    help: 'Background job passes that failed, by task (Prometheus keeps `job` for the scrape).',
    labelNames: ['task'] as const,
    registers: [this.registry],
  });

  readonly storageSweepRemoved = new Counter({
    name: 'hall_storage_sweep_removed_total',
    help: 'What the storage clean-up removed: drafts (expired drafts), files (their files and unreferenced ones).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  /** Consecutive failures per adapter, for /readyz. */
  private readonly failingStreak = new Map<AdapterName, number>();
  /** The adapters that call out in this hall (the stand-ins call nothing outside). */
  private readonly configured = new Set<AdapterName>();

  constructor() {
    // Memory, CPU, event-loop delay (nodejs_eventloop_lag_seconds and the monitorEventLoopDelay percentiles), GC, handles.
    collectDefaultMetrics({ register: this.registry });
    this.storageSweepRemoved.inc({ kind: 'drafts' }, 0);
    this.storageSweepRemoved.inc({ kind: 'files' }, 0);
  }

  /** Marks an adapter as calling out, so its series show (at 0) before its first call. */
  adapterConfigured(adapter: AdapterName): void {
    this.configured.add(adapter);
    this.adapterFailures.inc({ adapter }, 0);
    this.adapterLastSuccess.set({ adapter }, 0);
  }

  /** The configured adapters whose last ADAPTER_UNREADY_AFTER calls all failed. */
  failingAdapters(): AdapterName[] {
    return [...this.configured].filter((adapter) => (this.failingStreak.get(adapter) ?? 0) >= ADAPTER_UNREADY_AFTER);
  }

  /**
   * `fetch` for one adapter, measured: every call the adapter makes goes through it, so its health is
   * recorded in this one place. An answer below 500 is a success (the system is there and answering;
   * what it said is the adapter's business); a 5xx, a timeout or a network error is a failure.
   */
  adapterFetch(adapter: AdapterName, inner: typeof fetch): typeof fetch {
    this.adapterConfigured(adapter);
    return (async (...args: Parameters<typeof fetch>) => {
      const end = this.adapterCalls.startTimer({ adapter });
      try {
        const response = await inner(...args);
        if (response.status >= 500) this.adapterFailed(adapter);
        else this.adapterAnswered(adapter);
        return response;
      } catch (error) {
        this.adapterFailed(adapter);
        throw error;
      } finally {
        end();
      }
    }) as typeof fetch;
  }

  private adapterAnswered(adapter: AdapterName): void {
    this.failingStreak.set(adapter, 0);
    this.adapterLastSuccess.set({ adapter }, Date.now() / 1000);
  }

  private adapterFailed(adapter: AdapterName): void {
    this.failingStreak.set(adapter, (this.failingStreak.get(adapter) ?? 0) + 1);
    this.adapterFailures.inc({ adapter });
  }

  /** Runs one pass of a background job, recording when it last succeeded and how often it failed. */
  async jobPass<T>(job: string, pass: () => Promise<T>): Promise<T> {
    try {
      const result = await pass();
      this.jobLastSuccess.set({ task: job }, Date.now() / 1000);
      return result;
    } catch (error) {
      this.jobFailures.inc({ task: job });
      throw error;
    }
  }

  /** Shows a job's series (at 0) before its first pass. */
  jobStarted(job: string): void {
    this.jobFailures.inc({ task: job }, 0);
    this.jobLastSuccess.set({ task: job }, 0);
  }
}

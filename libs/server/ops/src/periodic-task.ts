import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { METRICS } from './metric-catalog';
import type { Metrics } from './metrics';

export interface PeriodicTaskOptions {
  /** The `task` label of the metrics and the task's name in the logs: a constant of the app (`order-sweep`). */
  task: string;
  /** Milliseconds between two runs, counted from the application's start. */
  everyMs: number;
}

/**
 * The one way the services run background work on a timer (sweepers, the outbox relays' polling): `run` every
 * `everyMs` once the application has started, never two runs at once (a tick during a run is skipped). A failed run
 * is logged and the next tick tries again. Every run is counted in `shop_periodic_runs_total{task,outcome}` and timed
 * in `shop_periodic_run_duration_seconds{task}`. At shutdown the timer stops and the run in progress is awaited.
 * The injectable doing the work extends it and implements `run`.
 */
export abstract class PeriodicTask implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  protected constructor(
    private readonly periodic: PeriodicTaskOptions,
    private readonly metrics: Metrics,
    protected readonly logger: Logger,
  ) {
    if (!(periodic.everyMs > 0)) throw new Error(`Periodic task ${periodic.task}: everyMs must be a positive number of milliseconds, got ${periodic.everyMs}`);
  }

  /** One run of the work; a rejection is logged and counted as a failed run. */
  protected abstract run(): Promise<void>;

  onApplicationBootstrap(): void | Promise<void> {
    if (!this.stopped) this.timer ??= setInterval(() => void this.runNow(), this.periodic.everyMs);
  }

  /** Runs now, or joins the run in progress; resolves when that run ended (its failure is logged, not thrown). */
  runNow(): Promise<void> {
    this.running ??= this.measured().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
    return this.running;
  }

  /** Runs now; a call during a run makes it run once more right after (for work that run may have missed). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else void this.runNow();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async measured(): Promise<void> {
    const { task } = this.periodic;
    const endTimer = this.metrics.histogram(METRICS.periodicDuration).startTimer({ task });
    let outcome: 'ok' | 'error' = 'ok';
    try {
      await this.run();
    } catch (err) {
      outcome = 'error';
      this.logger.warn({ err, task }, `${task} failed; will retry`);
    } finally {
      endTimer();
      this.metrics.counter(METRICS.periodicRuns).inc({ task, outcome });
    }
  }
}

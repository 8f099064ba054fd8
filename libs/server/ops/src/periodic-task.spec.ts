import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { Metrics } from './metrics';
import { PeriodicTask } from './periodic-task';

/** A task whose runs wait on a gate the test opens, and that records how many runs overlapped. */
class GatedTask extends PeriodicTask {
  started = 0;
  finished = 0;
  active = 0;
  maxActive = 0;
  failNext = false;
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => undefined;
  private onStart: Array<() => void> = [];

  constructor(metrics: Metrics, logged: unknown[], everyMs = 2) {
    super({ task: 'test-task', everyMs }, metrics, pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) }));
  }

  close(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
    this.gate = Promise.resolve();
  }

  /** Resolves once `n` runs have started in all. */
  startedRuns(n: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.started >= n ? resolve() : this.onStart.push(check));
      check();
    });
  }

  protected async run(): Promise<void> {
    this.started++;
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    for (const waiting of this.onStart.splice(0)) waiting();
    try {
      await this.gate;
      if (this.failNext) {
        this.failNext = false;
        throw new Error('the sweep broke');
      }
    } finally {
      this.active--;
      this.finished++;
    }
  }
}

async function runs(metrics: Metrics): Promise<Record<string, number>> {
  const [metric] = (await metrics.registry.getMetricsAsJSON()).filter((m) => m.name === 'shop_periodic_runs_total');
  return Object.fromEntries((metric?.values ?? []).map((v) => [`${v.labels.task} ${v.labels.outcome}`, v.value]));
}

async function durations(metrics: Metrics): Promise<number> {
  const text = await metrics.registry.getSingleMetricAsString('shop_periodic_run_duration_seconds');
  return Number(/^shop_periodic_run_duration_seconds_count\{task="test-task"\} (\d+)$/m.exec(text)?.[1] ?? 0);
}

describe('PeriodicTask', () => {
  it('runs on its timer once the application started, and counts and times every run', async () => {
    const metrics = new Metrics();
    const task = new GatedTask(metrics, []);
    task.onApplicationBootstrap();
    await task.startedRuns(3);
    await task.onApplicationShutdown();

    expect(task.finished).toBe(task.started);
    expect(await runs(metrics)).toEqual({ 'test-task ok': task.started });
    expect(await durations(metrics)).toBe(task.started);
  });

  it('never runs twice at once: ticks during a run are skipped and runNow joins the run in progress', async () => {
    const task = new GatedTask(new Metrics(), []);
    task.close();
    task.onApplicationBootstrap();
    await task.startedRuns(1);
    const joined = task.runNow();
    await sleep(30); // many 2 ms ticks go by while the run waits
    expect(task.started).toBe(1);

    task.release();
    await joined;
    expect(task.finished).toBe(1);
    await task.onApplicationShutdown();
    expect(task.maxActive).toBe(1);
  });

  it('runs once more after the current run when kicked during it, however many kicks came', async () => {
    const task = new GatedTask(new Metrics(), [], 60_000);
    task.close();
    task.kick();
    await task.startedRuns(1);
    task.kick();
    task.kick();
    task.release();
    await task.startedRuns(2);
    await task.onApplicationShutdown();
    expect([task.started, task.finished, task.maxActive]).toEqual([2, 2, 1]);
  });

  it('stops at shutdown: awaits the run in progress and starts no other', async () => {
    const task = new GatedTask(new Metrics(), []);
    task.close();
    task.onApplicationBootstrap();
    await task.startedRuns(1);

    let stopped = false;
    const stopping = task.onApplicationShutdown().then(() => (stopped = true));
    task.kick();
    await sleep(10);
    expect(stopped).toBe(false);
    task.release();
    await stopping;
    expect(task.finished).toBe(1);

    await sleep(30);
    task.kick();
    expect(task.started).toBe(1);
  });

  it('logs and counts a failed run, and the next run goes on', async () => {
    const metrics = new Metrics();
    const logged: Array<{ msg?: string; task?: string; err?: { message: string } }> = [];
    const task = new GatedTask(metrics, logged, 60_000);
    task.failNext = true;

    await task.runNow();
    await task.runNow();

    expect(await runs(metrics)).toEqual({ 'test-task error': 1, 'test-task ok': 1 });
    expect(logged).toEqual([expect.objectContaining({ task: 'test-task', msg: 'test-task failed; will retry', err: expect.objectContaining({ message: 'the sweep broke' }) })]);
  });

  it('refuses an interval that is not a positive number of milliseconds', () => {
    expect(() => new GatedTask(new Metrics(), [], 0)).toThrow('everyMs must be a positive number of milliseconds');
    expect(() => new GatedTask(new Metrics(), [], Number.NaN)).toThrow('everyMs must be a positive number of milliseconds');
  });
});

import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import { JobHandler } from './job-handler.decorator';
import { type FoundJobHandler, JobWiringError, resolveJobHandlers } from './job-handlers';
import { JobWorkersModule, type WorkedQueues } from './job-workers';
import { JobName, QueueName, type TypedJob } from './jobs';
import { QueueModule } from './queue.module';

const handler = (job: JobName, owner: string): FoundJobHandler => ({ job, owner, run: async () => owner });

describe('resolveJobHandlers', () => {
  it('answers the one handler of each job of the worked queues', async () => {
    const commit = handler(JobName.StockCommit, 'Stock.commit');
    const release = handler(JobName.StockRelease, 'Stock.release');
    const returned = handler(JobName.StockReturn, 'Stock.returnSale');
    const expire = handler(JobName.OrderExpire, 'Expiry.expire');
    const remind = handler(JobName.TransferReminder, 'Expiry.remind');
    const handlers = resolveJobHandlers([QueueName.Stock, QueueName.OrderExpiry], [commit, release, returned, expire, remind]);
    expect([...handlers.keys()].sort()).toEqual([JobName.StockCommit, JobName.OrderExpire, JobName.StockRelease, JobName.StockReturn, JobName.TransferReminder].sort());
    expect(handlers.get(JobName.StockRelease)).toBe(release);
  });

  it('throws naming the job and both owners when a job has two handlers', () => {
    const found = [
      handler(JobName.StockCommit, 'Stock.commit'),
      handler(JobName.StockCommit, 'Other.commit'),
      handler(JobName.StockRelease, 'Stock.release'),
    ];
    expect(() => resolveJobHandlers([QueueName.Stock], found)).toThrow(JobWiringError);
    expect(() => resolveJobHandlers([QueueName.Stock], found)).toThrow('job "commit" (queue "stock") has 2 handlers: Stock.commit, Other.commit');
  });

  it('throws naming the job when a job of a worked queue has no handler', () => {
    expect(() => resolveJobHandlers([QueueName.Stock], [handler(JobName.StockCommit, 'Stock.commit')])).toThrow(
      'job "release" (queue "stock") has no handler',
    );
  });

  it('throws when a handler is for a job whose queue the app does not work (it would never run)', () => {
    const found = [handler(JobName.MailRender, 'Mail.render'), handler(JobName.MailSend, 'Mail.send'), handler(JobName.OrderExpire, 'Expiry.expire')];
    expect(() => resolveJobHandlers([QueueName.Mail, QueueName.MailSend], found)).toThrow(
      'job "expire" has a handler (Expiry.expire) but its queue "order-expiry" has no worker here',
    );
  });

  it('names every faulty job in one error', () => {
    expect(() => resolveJobHandlers([QueueName.Mail, QueueName.MailSend], [])).toThrow(/"render-mail".*no handler.*"send-mail".*no handler/);
  });
});

@Injectable()
class ExpiryHandler {
  @JobHandler(JobName.OrderExpire)
  async expire(job: TypedJob<typeof JobName.OrderExpire>): Promise<string> {
    return job.data.orderId;
  }
}

@Injectable()
class SecondExpiryHandler {
  @JobHandler(JobName.OrderExpire)
  async expireToo(job: TypedJob<typeof JobName.OrderExpire>): Promise<string> {
    return job.data.orderId;
  }
}

/** Boots a Nest context like a service's; the check runs in module init, before any worker or Redis connection. */
async function boot(worked: WorkedQueues, providers: Array<new (...args: never[]) => unknown>): Promise<unknown> {
  @Module({
    // Port 1: nothing listens there, and nothing may connect before the check.
    imports: [QueueModule.forRoot({ redisUrl: 'redis://127.0.0.1:1', prefix: 'unit', logger: pino({ level: 'silent' }) }), JobWorkersModule.forFeature(worked)],
    providers,
  })
  class TestModule {}
  const app = await NestFactory.createApplicationContext(TestModule, { logger: false, abortOnError: false });
  await app.close();
  return app;
}

describe('JobWorkersModule start-up check', () => {
  it('refuses to start when a worked job has two @JobHandler methods, naming the job and both methods', async () => {
    await expect(boot({ [QueueName.OrderExpiry]: { concurrency: 1 } }, [ExpiryHandler, SecondExpiryHandler])).rejects.toThrow(
      'job "expire" (queue "order-expiry") has 2 handlers: ExpiryHandler.expire, SecondExpiryHandler.expireToo',
    );
  });

  it('refuses to start when a worked job has no @JobHandler', async () => {
    await expect(boot({ [QueueName.OrderExpiry]: { concurrency: 1 } }, [])).rejects.toThrow('job "expire" (queue "order-expiry") has no handler');
  });

  it('refuses to start when a handler is for a queue this app does not work', async () => {
    await expect(boot({}, [ExpiryHandler])).rejects.toThrow('job "expire" has a handler (ExpiryHandler.expire) but its queue "order-expiry" has no worker here');
  });
});

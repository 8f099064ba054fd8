import { SetMetadata } from '@nestjs/common';
import type { JobName, TypedJob } from './jobs';

export const JOB_HANDLER = 'shop:job-handler';

/** Marks a provider method as the one handler of a job; `JobWorkersModule` finds it at start-up. */
export function JobHandler<J extends JobName>(job: J) {
  const mark = SetMetadata(JOB_HANDLER, job);
  return <M extends (job: TypedJob<J>) => Promise<unknown>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    mark(target, key, descriptor);
  };
}

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** A name for one running replica: host, pid and a random suffix (two replicas in one process differ). */
export function createInstanceId(service: string): string {
  return `${service}@${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

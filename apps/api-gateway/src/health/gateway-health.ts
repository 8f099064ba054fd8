import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { HEALTH_PATTERNS, type HealthReport, type UpDown } from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { pingPostgres } from '@shop/server-ops';
import { pingRedis, REDIS } from '@shop/server-queue';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';

const CHECK_TIMEOUT_MS = 1500;

/** Each service, Postgres, Redis and NATS: up or down. Public in short (GET /api/health), in full on the ops port (GET /health). */
@Injectable()
export class GatewayHealth {
  constructor(
    private readonly services: ServiceClient,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async report(): Promise<HealthReport> {
    const entries = Object.entries(HEALTH_PATTERNS);
    const [postgres, redis, nats, ...serviceStates] = await Promise.all([
      pingPostgres(this.dataSource, CHECK_TIMEOUT_MS),
      pingRedis(this.redis, CHECK_TIMEOUT_MS),
      this.services.ping(CHECK_TIMEOUT_MS),
      ...entries.map(([, pattern]) => this.serviceState(pattern)),
    ]);
    const services = Object.fromEntries(entries.map(([name], i) => [name, serviceStates[i]]));
    const all: UpDown[] = [postgres, redis, nats, ...serviceStates];
    const status: UpDown = all.every((s) => s === 'up') ? 'up' : 'down';
    return { status, services, postgres, redis, nats };
  }

  private async serviceState(pattern: (typeof HEALTH_PATTERNS)[keyof typeof HEALTH_PATTERNS]): Promise<UpDown> {
    try {
      const answer = await this.services.send(pattern, {}, { timeoutMs: CHECK_TIMEOUT_MS });
      return answer.status;
    } catch {
      return 'down';
    }
  }
}

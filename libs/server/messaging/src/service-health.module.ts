import { Controller, type DynamicModule, Inject, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pattern, ServiceHealth } from '@shop/contracts';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { pingRedis, REDIS } from '@shop/server-queue';
import { HandledAs } from './handles.decorator';
import { pingPostgres } from '@shop/server-ops';
import { createInstanceId } from '@shop/server-ops';

export interface ServiceHealthOptions {
  pattern: Pattern;
  service: string;
}

/** Gives a service its health pattern: its own replica id and the state of Postgres and Redis as it sees them. */
@Module({})
export class ServiceHealthModule {
  static forRoot(options: ServiceHealthOptions): DynamicModule {
    const instance = createInstanceId(options.service);

    @Controller()
    class HealthMessagesController {
      constructor(
        @InjectDataSource() private readonly dataSource: DataSource,
        @Inject(REDIS) private readonly redis: Redis,
      ) {}

      @MessagePattern(options.pattern)
      @HandledAs(options.pattern, 'request')
      async health(): Promise<ServiceHealth> {
        const [postgres, redis] = await Promise.all([pingPostgres(this.dataSource), pingRedis(this.redis)]);
        return { service: options.service, instance, status: postgres === 'up' && redis === 'up' ? 'up' : 'down', postgres, redis };
      }
    }

    return { module: ServiceHealthModule, controllers: [HealthMessagesController] };
  }
}

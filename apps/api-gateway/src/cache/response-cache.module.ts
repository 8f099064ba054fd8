import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import { CatalogChangesListener } from './catalog-changes.listener';
import { PublicCacheInterceptor } from './public-cache.interceptor';
import { ResponseCache } from './response-cache';

/** The gateway's cache of public catalog answers, and the subscription that clears it. */
@Global()
@Module({
  providers: [
    {
      provide: ResponseCache,
      inject: [APP_CONFIG],
      useFactory: (config: GatewayConfig) => new ResponseCache({ ttlMs: config.API_CACHE_TTL_SECONDS * 1000, maxEntries: config.API_CACHE_MAX_ENTRIES }),
    },
    CatalogChangesListener,
    PublicCacheInterceptor,
  ],
  exports: [ResponseCache, PublicCacheInterceptor],
})
export class ResponseCacheModule {}

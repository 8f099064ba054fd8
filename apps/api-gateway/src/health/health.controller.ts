import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { HealthReport, UpDown } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import type { Response } from 'express';
import { GatewayHealth } from './gateway-health';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly gatewayHealth: GatewayHealth,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Up or down (200 when everything is up, else 503)',
    description: 'Outside production the body also says which of the services, Postgres, Redis and NATS is down; in production that detail is on the ops port only (GET /health).',
  })
  @ApiOkResponse({ description: 'Everything is up' })
  @ApiServiceUnavailableResponse({ description: 'Something is down' })
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthReport | { status: UpDown }> {
    const report = await this.gatewayHealth.report();
    res.status(report.status === 'up' ? 200 : 503);
    res.setHeader('Cache-Control', 'no-store');
    // What is down, and which dependencies the shop has, is for operators: said in public only outside production.
    return this.config.NODE_ENV === 'production' ? { status: report.status } : report;
  }
}

export type UpDown = 'up' | 'down';

/** What a service answers to its health pattern. */
export interface ServiceHealth {
  service: string;
  /** Distinguishes replicas of one service (hostname, pid and a random suffix). */
  instance: string;
  status: UpDown;
  postgres: UpDown;
  redis: UpDown;
}

/** The gateway's `GET /api/health` answer. */
export interface HealthReport {
  status: UpDown;
  services: Record<string, UpDown>;
  postgres: UpDown;
  redis: UpDown;
  nats: UpDown;
}

/** The four back-end services; each name is also its NATS queue group. */
export const ServiceName = {
  Catalog: 'catalog-service',
  Order: 'order-service',
  Payment: 'payment-service',
  Notification: 'notification-service',
} as const;
export type ServiceName = (typeof ServiceName)[keyof typeof ServiceName];

export const SERVICE_NAMES: readonly ServiceName[] = Object.values(ServiceName);

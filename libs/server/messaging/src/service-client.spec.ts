import { DomainError, ErrorCode } from '@shop/contracts';
import { TimeoutError } from 'rxjs';
import { healthPatternOf, NoRespondersError, ServiceUnavailableError, toDomainError } from './service-client';

describe('toDomainError', () => {
  it('maps a lost connection to 503, whatever shape the NATS client rejects with', () => {
    // Nest's client rejects with a plain string while it reconnects.
    expect(toDomainError('Error: Connection lost. Trying to reconnect...', 'catalog.products.get')).toBeInstanceOf(ServiceUnavailableError);
    expect(toDomainError(Object.assign(new Error('closed'), { code: 'CONNECTION_CLOSED' }), 'x')).toBeInstanceOf(ServiceUnavailableError);
    expect(toDomainError(new TimeoutError(), 'x')).toBeInstanceOf(ServiceUnavailableError);
    expect(toDomainError(new NoRespondersError('x'), 'x')).toBeInstanceOf(ServiceUnavailableError);
    expect(toDomainError(new Error('something odd'), 'x', 'reconnecting')).toBeInstanceOf(ServiceUnavailableError);
  });

  it('keeps domain errors and unknown failures on a live connection as they are', () => {
    expect(toDomainError({ code: ErrorCode.NotFound, message: 'Product not found' }, 'x')).toMatchObject({ code: ErrorCode.NotFound, message: 'Product not found' });
    const internal = toDomainError(new TypeError('bug'), 'x', 'connected');
    expect(internal).toBeInstanceOf(DomainError);
    expect(internal.code).toBe(ErrorCode.Internal);
  });
});

describe('healthPatternOf', () => {
  it("names the owning service's health pattern from the first part of the pattern", () => {
    expect(healthPatternOf('catalog.stock.reserve')).toBe('catalog.health');
    expect(healthPatternOf('order.orders.create')).toBe('order.health');
    expect(healthPatternOf('unknown.thing')).toBeUndefined();
    expect(healthPatternOf('constructor.x')).toBeUndefined();
  });
});

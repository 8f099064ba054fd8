import { routeOf } from './http-metrics.middleware';

describe('routeOf', () => {
  it('takes the route pattern Express matched, never the URL with its ids', () => {
    expect(routeOf({ route: { path: '/api/products/:id' }, baseUrl: '', originalUrl: '/api/products/4a1e?x=1' })).toBe('/api/products/:id');
    expect(routeOf({ route: { path: '/:id' }, baseUrl: '/api/orders', originalUrl: '/api/orders/77' })).toBe('/api/orders/:id');
  });

  it('gives files, the API docs and everything unmatched a fixed name', () => {
    expect(routeOf({ route: undefined, baseUrl: '', originalUrl: '/api/files/demo/mango.svg' })).toBe('/api/files/*');
    expect(routeOf({ route: undefined, baseUrl: '', originalUrl: '/api/docs/swagger-ui.css' })).toBe('/api/docs*');
    expect(routeOf({ route: undefined, baseUrl: '', originalUrl: '/api/whatever/123' })).toBe('(unmatched)');
  });
});

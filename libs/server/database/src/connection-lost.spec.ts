import { isConnectionLost, isReleasedRunner } from './connection-lost';

describe('isConnectionLost', () => {
  it('knows a connection the server terminated, one that broke, and one that could not be made', () => {
    expect(isConnectionLost(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    // TypeORM's QueryFailedError carries the pg error as driverError.
    expect(isConnectionLost({ message: 'x', driverError: { code: '57P01', message: 'terminating connection' } })).toBe(true);
  });

  it('knows TypeORM refusing a query runner whose connection broke under it', () => {
    class QueryRunnerProviderAlreadyReleasedError extends Error {}
    expect(isConnectionLost(new QueryRunnerProviderAlreadyReleasedError('already released'))).toBe(true);
    expect(isReleasedRunner(Object.assign(new Error('x'), { name: 'QueryRunnerAlreadyReleasedError' }))).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isConnectionLost(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isConnectionLost(new Error('boom'))).toBe(false);
    expect(isConnectionLost('Connection lost')).toBe(false);
    expect(isConnectionLost(null)).toBe(false);
  });
});

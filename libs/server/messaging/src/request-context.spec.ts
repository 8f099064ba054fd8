import { currentRequestId, runInRequestContext } from './request-context';

describe('request context', () => {
  it('gives the request id to everything the request awaits or schedules, and none outside a request', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await runInRequestContext({ requestId: 'req-one-abcdef' }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      return new Promise<string | undefined>((resolve) => setImmediate(() => resolve(currentRequestId())));
    });
    expect(seen).toBe('req-one-abcdef');
    expect(currentRequestId()).toBeUndefined();
  });

  it('keeps concurrent requests apart', async () => {
    const ids = ['req-a-abcdef', 'req-b-abcdef', 'req-c-abcdef'];
    const seen = await Promise.all(
      ids.map((requestId, i) =>
        runInRequestContext({ requestId }, async () => {
          await new Promise((r) => setTimeout(r, 3 - i));
          return currentRequestId();
        }),
      ),
    );
    expect(seen).toEqual(ids);
  });
});

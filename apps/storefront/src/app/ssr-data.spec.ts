import { ApiError } from '@shop/api-client';
import { reviveLoaderData, scriptSafeJson, settleLoaderData } from './ssr-data';

describe('server route data', () => {
  it('awaits every promise a loader handed over and marks the failed ones', async () => {
    const settled = await settleLoaderData({
      product: { id: 'a', product: Promise.resolve({ name: 'Balm' }), other: Promise.reject(new ApiError('Product not found', 404)) },
      root: null,
    });
    expect(settled).toEqual({ product: { id: 'a', product: { name: 'Balm' }, other: { $rejected: { message: 'Product not found', status: 404 } } }, root: null });
  });

  it('turns a failed one back into a rejected promise that <Await> reads as settled', async () => {
    const revived = reviveLoaderData({ product: { product: { $rejected: { message: 'Product not found', status: 404 } }, id: 'a' } }) as {
      product: { product: Promise<unknown> & { _tracked?: boolean; _error?: unknown }; id: string };
    };
    expect(revived.product.id).toBe('a');
    expect(revived.product.product._tracked).toBe(true);
    expect(revived.product.product._error).toEqual(new ApiError('Product not found', 404));
    await expect(revived.product.product).rejects.toMatchObject({ status: 404, message: 'Product not found' });
  });

  it('writes JSON that cannot end its script element', () => {
    const json = scriptSafeJson({ text: '</script><!-- & \u2028' });
    expect(json).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(json)).toEqual({ text: '</script><!-- & \u2028' });
  });
});

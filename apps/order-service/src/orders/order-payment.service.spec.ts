import { newPaymentReference } from './order-payment.service';

describe('payment reference', () => {
  it("is 'oid-' and 12 letters or digits, within WiPay's 16-character order_id", () => {
    const refs = Array.from({ length: 2000 }, newPaymentReference);
    for (const ref of refs) expect(ref).toMatch(/^oid-[A-Za-z0-9]{12}$/);
    expect(new Set(refs).size).toBe(refs.length);
    // Every character of the alphabet turns up: the draw is not stuck on a few.
    expect(new Set(refs.join('').replace(/oid-/g, '')).size).toBe(62);
  });
});

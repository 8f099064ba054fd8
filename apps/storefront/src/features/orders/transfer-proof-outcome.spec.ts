import { pageOfProofPost, proofWasSent, transferProofAction } from './transfer-proof-outcome';

describe('the proof of transfer posted without scripts (issue 29)', () => {
  it("posts to the page's own path plus /proof, with the mail link's key, and goes back to that page", () => {
    expect(transferProofAction('/checkoutTransfer/abc')).toBe('/checkoutTransfer/abc/proof');
    expect(transferProofAction('/tracking/abc', 'k.e/y')).toBe('/tracking/abc/proof?k=k.e%2Fy');
    expect(pageOfProofPost('/checkoutTransfer/abc/proof')).toEqual({ page: '/checkoutTransfer/abc', orderId: 'abc' });
    expect(pageOfProofPost('/tracking/abc/proof')).toEqual({ page: '/tracking/abc', orderId: 'abc' });
    expect(pageOfProofPost('/tracking/code')).toBeNull();
    expect(pageOfProofPost('/checkout/abc/proof')).toBeNull();
    expect(pageOfProofPost('/tracking/a/b/proof')).toBeNull();
  });

  it('says the proof was sent only for ?proof=sent', () => {
    expect(proofWasSent('/checkoutTransfer/abc?proof=sent')).toBe(true);
    expect(proofWasSent('/tracking/abc?k=key&proof=sent')).toBe(true);
    expect(proofWasSent('/tracking/abc?proof=yes')).toBe(false);
    expect(proofWasSent('/tracking/abc')).toBe(false);
  });
});

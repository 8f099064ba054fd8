import { STOCK_WAIT_MESSAGES, stockWaitFieldErrors, StockWaitInputSchema, stockWaitOf } from './stock-waits';

describe('the "Notify me" sign-up rules', () => {
  const parse = (input: unknown) => stockWaitOf(StockWaitInputSchema.parse(input));

  it('keeps an e-mail address trimmed and lower-cased, and a WhatsApp number as international digits', () => {
    expect(parse({ email: '  Asha@Shopper.TEST ', consent: true })).toEqual({ variant: undefined, channel: 'email', contact: 'asha@shopper.test' });
    expect(parse({ whatsapp: '(868) 555-0199', consent: 'on' })).toEqual({ variant: undefined, channel: 'whatsapp', contact: '18685550199' });
    expect(parse({ whatsapp: '+44 7700 900123', consent: 'true' })).toMatchObject({ contact: '447700900123' });
  });

  it('takes a variant id, and treats an empty one as none (a form without a choice)', () => {
    const variant = '0b0f8a2e-4a4b-4c1e-9d1e-2a6f6f0c1d11';
    expect(parse({ email: 'a@b.tt', consent: true, variant })).toMatchObject({ variant });
    expect(parse({ email: 'a@b.tt', consent: true, variant: '' })).toMatchObject({ variant: undefined });
  });

  it('names what is wrong, field by field', () => {
    expect(stockWaitFieldErrors({ email: 'a@b.tt' })).toEqual({ consent: STOCK_WAIT_MESSAGES.consent });
    expect(stockWaitFieldErrors({ consent: 'on' })).toEqual({ email: STOCK_WAIT_MESSAGES.contact });
    expect(stockWaitFieldErrors({})).toEqual({ email: STOCK_WAIT_MESSAGES.contact, consent: STOCK_WAIT_MESSAGES.consent });
    expect(stockWaitFieldErrors({ email: 'a@b.tt', whatsapp: '8685550199', consent: true })).toEqual({ email: STOCK_WAIT_MESSAGES.both });
    expect(stockWaitFieldErrors({ email: 'not-an-address', consent: true })).toEqual({ email: STOCK_WAIT_MESSAGES.email });
    expect(stockWaitFieldErrors({ whatsapp: '555', consent: true })).toEqual({ whatsapp: STOCK_WAIT_MESSAGES.whatsapp });
    expect(stockWaitFieldErrors({ whatsapp: '868 555 0199 ext', consent: true })).toEqual({ whatsapp: STOCK_WAIT_MESSAGES.whatsapp });
    expect(stockWaitFieldErrors({ email: 'a@b.tt\r\nBcc: c@d.tt', consent: true })).toEqual({ email: STOCK_WAIT_MESSAGES.email });
    expect(stockWaitFieldErrors({ email: 'a@b.tt', consent: false })).toEqual({ consent: STOCK_WAIT_MESSAGES.consent });
    expect(stockWaitFieldErrors({ email: 'a@b.tt', consent: true, variant: 'nope' })).toEqual({ variant: STOCK_WAIT_MESSAGES.variant });
  });
});

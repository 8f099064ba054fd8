import { OrderCodeSchema, orderContactOf, orderLookupFieldErrors } from './order-lookup.rules';

describe('the contact typed to find orders (issue 29)', () => {
  it('takes an e-mail address in any case, as lower case', () => {
    expect(orderContactOf('  Asha@Example.COM ')).toBe('asha@example.com');
    expect(orderContactOf('asha@example')).toBeNull();
  });

  it('takes a phone number written any usual way, as checkout stores it', () => {
    for (const typed of ['8685551234', '(868) 555-1234', '+1 868 555 1234', '1-868-555-1234', '555-1234', '555 1234']) {
      expect([typed, orderContactOf(typed)]).toEqual([typed, '(868)555-1234']);
    }
    expect(orderContactOf('55-1234')).toBeNull();
    expect(orderContactOf('not a contact')).toBeNull();
  });

  it('takes a 6-digit code with spaces, and names the field that is wrong', () => {
    expect(OrderCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(OrderCodeSchema.safeParse('12345').success).toBe(false);
    expect(orderLookupFieldErrors({ contact: 'x' }, false)).toEqual({ contact: 'Please enter the e-mail address or the phone number you ordered with.' });
    expect(orderLookupFieldErrors({ contact: 'a@b.tt', code: '12' }, true)).toEqual({ code: 'Please enter the 6-digit code from the mail.' });
    expect(orderLookupFieldErrors({ contact: 'a@b.tt', code: '123456' }, true)).toEqual({});
  });
});

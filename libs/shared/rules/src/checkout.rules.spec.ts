import { CHECKOUT_MESSAGES, CheckoutCustomerSchema, checkoutFieldErrors, CheckoutSchema, DELIVERY_NOTE_MAX, formatContactNumber } from './checkout.rules';

const valid = { fname: 'Asha', lname: "O'Brien-Ramdial", email: 'asha@example.com', phone: '(868)555-1234', city: 'San Fernando', street: '12 Coffee St.' };

function messageOf(value: unknown): string | undefined {
  const r = CheckoutCustomerSchema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe('checkout rules', () => {
  it('accepts a valid form and formats the contact number', () => {
    expect(CheckoutCustomerSchema.parse({ ...valid, phone: '868 555 1234' }).phone).toBe('(868)555-1234');
    expect(CheckoutCustomerSchema.parse({ ...valid, fname: 'José', lname: 'N. "Jo" Ali' }).fname).toBe('José');
  });

  it.each([
    [{ fname: '' }, CHECKOUT_MESSAGES.fname],
    [{ fname: 'Asha1' }, CHECKOUT_MESSAGES.fname],
    [{ lname: 'x'.repeat(101) }, CHECKOUT_MESSAGES.lname],
    [{ email: 'asha@' }, 'Please ensure email is valid.'],
    [{ email: undefined }, 'Please ensure email is valid.'],
    [{ phone: '555-1234' }, 'Please ensure contact is valid.'],
    [{ city: 'Arima!' }, 'Please ensure city is valid.'],
    [{ street: '<script>' }, 'Please ensure street is valid.'],
  ])('refuses %j with the spec message', (change, message) => {
    expect(messageOf({ ...valid, ...change })).toBe(message);
  });

  it('takes an optional one-line delivery note of at most 200 characters, trimmed; none is empty', () => {
    expect(CheckoutCustomerSchema.parse(valid).note).toBe('');
    expect(CheckoutCustomerSchema.parse({ ...valid, note: '  Blue gate opposite the mosque ' }).note).toBe('Blue gate opposite the mosque');
    expect(CheckoutCustomerSchema.parse({ ...valid, note: 'x'.repeat(DELIVERY_NOTE_MAX) }).note).toHaveLength(200);
    expect(messageOf({ ...valid, note: 'x'.repeat(DELIVERY_NOTE_MAX + 1) })).toBe(CHECKOUT_MESSAGES.note);
    expect(messageOf({ ...valid, note: 'Blue gate\nBcc: someone' })).toBe(CHECKOUT_MESSAGES.note);
    expect(messageOf({ ...valid, note: 42 })).toBe(CHECKOUT_MESSAGES.note);
  });

  it('asks plainly for an empty required field and keeps the spec message for a wrong one', () => {
    expect(checkoutFieldErrors({ ...valid, phone: '', email: 'asha@', note: '' })).toEqual({
      phone: 'Please enter your phone number.',
      email: 'Please ensure email is valid.',
    });
    expect(checkoutFieldErrors({ ...valid, fname: '  ', note: 'x'.repeat(201) })).toEqual({ fname: 'Please enter your first name.', note: CHECKOUT_MESSAGES.note });
    expect(checkoutFieldErrors(valid)).toEqual({});
  });

  it('formats the contact number as it is typed', () => {
    expect(formatContactNumber('8')).toBe('(8');
    expect(formatContactNumber('86855')).toBe('(868)55');
    expect(formatContactNumber('868555123')).toBe('(868)555-123');
    expect(formatContactNumber('868-555-1234 99')).toBe('(868)555-1234');
  });

  it('needs a non-empty cart and drops client prices and totals', () => {
    expect(CheckoutSchema.safeParse({ ...valid, orderItems: [] }).error?.issues[0]?.message).toBe('Your cart is empty');
    const parsed = CheckoutSchema.parse({ ...valid, orderItems: [{ product: 'p1', qty: 2, price: 0.01 }], totalPrice: 1 });
    expect(parsed).not.toHaveProperty('totalPrice');
    expect(parsed.orderItems).toEqual([{ product: 'p1', qty: 2 }]);
  });
});

import { ContactInputSchema, contactFieldErrors } from './contact.rules';

const valid = { firstName: ' Aaliyah ', lastName: 'Mohammed', email: 'a@b.tt', tel: '+1 (868) 555-1234', message: 'Hi\r\nthere\tfriend' };
const messageOf = (body: unknown) => ContactInputSchema.safeParse(body).error?.issues[0]?.message;

describe('ContactInputSchema', () => {
  it('accepts a message with line breaks and trims the fields', () => {
    expect(ContactInputSchema.parse(valid)).toEqual({ ...valid, firstName: 'Aaliyah' });
  });

  it.each([
    ['email', 'a@b.tt\r\nBcc: x@y.z'],
    ['email', 'a@b.tt\nSubject: x'],
    ['firstName', 'A\rB'],
    ['lastName', 'M\u0000'],
    ['tel', '8685551234\n'],
  ])('refuses a line break or control character in %s', (field, value) => {
    expect(messageOf({ ...valid, [field]: value })).toMatch(/on a single line of text$/);
  });

  it('names the field that is wrong', () => {
    expect(messageOf({ ...valid, email: 'nope' })).toBe('Please enter your e-mail address in full, e.g. name@example.com');
    expect(messageOf({ ...valid, email: '' })).toBe('Please enter your e-mail address');
    expect(messageOf({ ...valid, message: ' ' })).toBe('Please write your message');
    expect(messageOf({ ...valid, tel: undefined })).toBe('Please enter your phone number');
    expect(messageOf({ ...valid, tel: '555' })).toMatch(/^Please enter your phone number with 7 to 15 digits/);
    expect(messageOf({ ...valid, firstName: 'x'.repeat(61) })).toBe('Please keep your first name to at most 60 characters');
    expect(messageOf({ ...valid, message: 'a\u001bb' })).toBe('Please remove the special (control) characters from your message');
  });

  it('lists each failing field once, with its first message', () => {
    expect(contactFieldErrors({ ...valid, firstName: '', tel: '' })).toEqual({ firstName: 'Please enter your first name', tel: 'Please enter your phone number' });
    expect(contactFieldErrors(valid)).toEqual({});
  });
});

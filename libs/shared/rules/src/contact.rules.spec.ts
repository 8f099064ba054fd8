import { ContactInputSchema } from './contact.rules';

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
    expect(messageOf({ ...valid, [field]: value })).toMatch(/single line of text/);
  });

  it('names the field that is wrong', () => {
    expect(messageOf({ ...valid, email: 'nope' })).toBe('Email must be a valid email address');
    expect(messageOf({ ...valid, message: ' ' })).toBe('Message is required');
    expect(messageOf({ ...valid, tel: undefined })).toBe('Phone is required');
    expect(messageOf({ ...valid, message: 'a\u001bb' })).toBe('Message must not contain control characters');
  });
});

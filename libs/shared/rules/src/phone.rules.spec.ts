import { internationalPhoneDigits, internationalPhoneDisplay, whatsAppLink } from './phone.rules';

describe('phone numbers in international form', () => {
  it.each([
    ['(868)555-0123', '18685550123', '+1 868 555 0123'],
    ['868 555 0123', '18685550123', '+1 868 555 0123'],
    ['555-0123', '18685550123', '+1 868 555 0123'],
    ['+1 (868) 555-2233', '18685552233', '+1 868 555 2233'],
    ['1-868-555-2233', '18685552233', '+1 868 555 2233'],
    ['+44 20 7946 0958', '442079460958', '+442079460958'],
    ['0044 20 7946 0958', '442079460958', '+442079460958'],
  ])('%s is %s (%s)', (input, digits, display) => {
    expect(internationalPhoneDigits(input)).toBe(digits);
    expect(internationalPhoneDisplay(input)).toBe(display);
  });

  it('refuses a number too short to call', () => {
    expect(internationalPhoneDigits('12345')).toBeNull();
    expect(whatsAppLink('12345')).toBeNull();
  });

  it('makes a wa.me link with the message encoded', () => {
    expect(whatsAppLink('(868)555-0123')).toBe('https://wa.me/18685550123');
    expect(whatsAppLink('(868)555-0123', 'Hi! Order IG-10001 & more?')).toBe('https://wa.me/18685550123?text=Hi!%20Order%20IG-10001%20%26%20more%3F');
  });
});

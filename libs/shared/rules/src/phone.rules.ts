/** Trinidad and Tobago's area code in the North American numbering plan (country code 1). */
const TT_AREA_CODE = '868';

/**
 * A phone number in international form as digits only (`18685550123`), as `wa.me` links and `tel:` need it:
 * a local 7-digit number gets +1 868, a 10-digit North American number gets +1, a number written with `+`
 * or `00` keeps its own country code. Null when it has too few digits to call.
 */
export function internationalPhoneDigits(value: string): string | null {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits.length >= 8 ? digits : null;
  if (digits.startsWith('00')) return digits.length >= 10 ? digits.slice(2) : null;
  if (digits.length === 7) return `1${TT_AREA_CODE}${digits}`;
  if (digits.length === 10) return `1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return digits;
  return digits.length >= 8 ? digits : null;
}

/** The number as people read it: `+1 868 555 0123` for North American numbers, `+` and the digits otherwise. */
export function internationalPhoneDisplay(value: string): string | null {
  const digits = internationalPhoneDigits(value);
  if (digits === null) return null;
  if (digits.length === 11 && digits.startsWith('1')) return `+1 ${digits.slice(1, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  return `+${digits}`;
}

/** A WhatsApp chat with the number, the message prefilled when one is given. */
export function whatsAppLink(phone: string, text?: string): string | null {
  const digits = internationalPhoneDigits(phone);
  if (digits === null) return null;
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

import { hashRecoveryCode, recoveryCodeKey } from './second-factor.service';

describe('recovery codes', () => {
  it('are read whatever the case, spaces or dash the owner types them with', () => {
    expect(recoveryCodeKey('AB2CD-EF3GH')).toBe('ab2cdef3gh');
    expect(recoveryCodeKey(' ab2cd ef3gh ')).toBe('ab2cdef3gh');
    expect(hashRecoveryCode('AB2CD EF3GH')).toBe(hashRecoveryCode('ab2cd-ef3gh'));
  });

  it('are stored as a hash that is not the code', () => {
    expect(hashRecoveryCode('ab2cd-ef3gh')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode('ab2cd-ef3gh')).not.toBe(hashRecoveryCode('ab2cd-ef3gj'));
  });
});

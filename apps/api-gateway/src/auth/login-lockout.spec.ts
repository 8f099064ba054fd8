import { lockKey } from './login-lockout';

describe('lockKey', () => {
  it('keys an account by its id, a known browser by account and device, anything else by the normalised name', () => {
    expect(lockKey({ account: 'id-1' })).toBe('account:id-1');
    expect(lockKey({ account: 'id-1', device: undefined })).toBe('account:id-1');
    expect(lockKey({ account: 'id-1', device: 'hash-9' })).toBe('device:id-1:hash-9');
    expect(lockKey({ name: 'admin' })).toBe('name:admin');
    // A name cannot pass for an account or a device: the kinds never share a key.
    expect(lockKey({ name: 'id-1' })).not.toBe(lockKey({ account: 'id-1' }));
  });
});

import { LoginRequestSchema, RegisterPasskeyRequestSchema } from './auth';
import { validate } from './validate';

const assertion = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUC', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};

describe('passkey requests', () => {
  it('takes the browser library\'s answer at login, keeping only the fields WebAuthn reads', () => {
    const parsed = validate(LoginRequestSchema, { username: 'owner', password: 'a-password', passkey: { ...assertion, extra: 'dropped' } });
    expect(parsed.passkey).toEqual(assertion);
    // Extensions the browser did not answer become an empty object.
    expect(validate(LoginRequestSchema, { username: 'owner', password: 'a-password', passkey: { ...assertion, clientExtensionResults: undefined } }).passkey?.clientExtensionResults).toEqual({});
  });

  it('refuses a malformed answer with a message naming the field', () => {
    const login = (passkey: unknown) => () => validate(LoginRequestSchema, { username: 'owner', password: 'a-password', passkey });
    expect(login('not an object')).toThrow('passkey must be the answer of the browser to the challenge');
    expect(login({ ...assertion, type: 'password' })).toThrow("passkey.type must be 'public-key'");
    expect(login({ ...assertion, response: { ...assertion.response, signature: 'not base64url!' } })).toThrow('passkey.response.signature must be base64url');
  });

  it('needs a name for a new passkey, at most 60 characters', () => {
    const response = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' } };
    expect(validate(RegisterPasskeyRequestSchema, { name: '  My phone ', response }).name).toBe('My phone');
    expect(() => validate(RegisterPasskeyRequestSchema, { name: ' ', response })).toThrow('Give the passkey a name');
    expect(() => validate(RegisterPasskeyRequestSchema, { name: 'x'.repeat(61), response })).toThrow('Name must be at most 60 characters');
    expect(() => validate(RegisterPasskeyRequestSchema, { name: 'Phone' })).toThrow('response must be the answer of the browser to the challenge');
  });
});

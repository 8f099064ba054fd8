import { gatewayConfigSchema } from './gateway-config';
import { loadConfig } from './base-config';
import { webauthnRelyingParty } from './webauthn-config';

describe('passkey relying party (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN)', () => {
  it("defaults to the admin's host and origin", () => {
    expect(webauthnRelyingParty(loadConfig(gatewayConfigSchema, { ADMIN_URL: 'https://admin.islandglow.tt/admin/' }))).toEqual({
      rpId: 'admin.islandglow.tt',
      origin: 'https://admin.islandglow.tt',
    });
    expect(webauthnRelyingParty(loadConfig(gatewayConfigSchema, {}))).toEqual({ rpId: 'localhost', origin: 'http://localhost:4300' });
  });

  it('is off behind an IP address, which browsers refuse as an RP ID', () => {
    expect(webauthnRelyingParty(loadConfig(gatewayConfigSchema, { ADMIN_URL: 'http://127.0.0.1:4300' }))).toBeNull();
  });

  it('takes a parent domain and an origin of its own', () => {
    const cfg = loadConfig(gatewayConfigSchema, { WEBAUTHN_RP_ID: 'IslandGlow.tt', WEBAUTHN_ORIGIN: 'https://admin.islandglow.tt' });
    expect(webauthnRelyingParty(cfg)).toEqual({ rpId: 'islandglow.tt', origin: 'https://admin.islandglow.tt' });
  });

  it('refuses at start-up an RP ID that is no domain, or not the origin host or a parent of it', () => {
    expect(() => loadConfig(gatewayConfigSchema, { WEBAUTHN_RP_ID: '127.0.0.1' })).toThrow(/WEBAUTHN_RP_ID must be a domain name/);
    expect(() => loadConfig(gatewayConfigSchema, { WEBAUTHN_RP_ID: 'https://islandglow.tt' })).toThrow(/WEBAUTHN_RP_ID must be a domain name/);
    expect(() => loadConfig(gatewayConfigSchema, { WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGIN: 'https://admin.islandglow.tt' })).toThrow(
      /parent domain/,
    );
    expect(() => loadConfig(gatewayConfigSchema, { WEBAUTHN_ORIGIN: 'http://admin.islandglow.tt' })).toThrow(/https/);
  });
});

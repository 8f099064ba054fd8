import { isIP } from 'node:net';

/** Where passkeys are bound: the relying party's ID (a domain) and the origin the admin app is opened at. */
export interface WebauthnRelyingParty {
  rpId: string;
  origin: string;
}

interface WebauthnSettings {
  ADMIN_URL: string;
  WEBAUTHN_RP_ID?: string;
  WEBAUTHN_ORIGIN?: string;
}

// A host name as WebAuthn takes it: labels of letters, digits and dashes, no port, no scheme, no trailing dot.
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The origin's host is the RP ID or one of its subdomains (what browsers require of a relying party). */
function hostFits(host: string, rpId: string): boolean {
  return host === rpId || host.endsWith(`.${rpId}`);
}

/**
 * The relying party passkeys are registered and checked against: WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN, each
 * defaulting to ADMIN_URL's host and origin. Null when passkeys cannot work: the host is an IP address (browsers
 * refuse one as an RP ID), which only happens with defaults, since set values are checked at start-up.
 */
export function webauthnRelyingParty(cfg: WebauthnSettings): WebauthnRelyingParty | null {
  const origin = new URL(cfg.WEBAUTHN_ORIGIN ?? cfg.ADMIN_URL).origin;
  const rpId = cfg.WEBAUTHN_RP_ID ?? new URL(origin).hostname;
  if (isIP(rpId.replace(/^\[|\]$/g, '')) !== 0 || !DOMAIN.test(rpId) || !hostFits(new URL(origin).hostname, rpId)) return null;
  return { rpId, origin };
}

/** Start-up refusals of WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN when set: each names the setting and what is wrong. */
export function webauthnProblems(cfg: WebauthnSettings): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (cfg.WEBAUTHN_RP_ID !== undefined && (isIP(cfg.WEBAUTHN_RP_ID) !== 0 || !DOMAIN.test(cfg.WEBAUTHN_RP_ID))) {
    problems.push({ path: 'WEBAUTHN_RP_ID', message: 'WEBAUTHN_RP_ID must be a domain name such as admin.example.com (no scheme, port or IP address)' });
    return problems;
  }
  if (cfg.WEBAUTHN_ORIGIN !== undefined) {
    const url = new URL(cfg.WEBAUTHN_ORIGIN);
    if (url.protocol !== 'https:' && url.hostname !== 'localhost') {
      problems.push({ path: 'WEBAUTHN_ORIGIN', message: 'WEBAUTHN_ORIGIN must be an https address (plain http only for localhost)' });
    }
  }
  if (cfg.WEBAUTHN_RP_ID !== undefined || cfg.WEBAUTHN_ORIGIN !== undefined) {
    const host = new URL(cfg.WEBAUTHN_ORIGIN ?? cfg.ADMIN_URL).hostname;
    const rpId = cfg.WEBAUTHN_RP_ID ?? host;
    if (!hostFits(host, rpId)) problems.push({ path: 'WEBAUTHN_RP_ID', message: `WEBAUTHN_RP_ID must be the admin's host (${host}) or a parent domain of it` });
  }
  return problems;
}

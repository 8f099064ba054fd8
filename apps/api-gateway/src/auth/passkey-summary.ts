import type { PasskeySummary } from '@shop/contracts';
import type { StoredPasskey } from './passkeys.repository';

/** A stored passkey as the Security screen lists it (no key material). */
export function passkeySummary(p: StoredPasskey): PasskeySummary {
  return { id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null };
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_SECURITY_HEADERS } from '../../apps/admin/security-headers';

// The admin's production server is nginx in its own image (deploy/Dockerfile.web); vite preview serves the same
// build for npm start and the browser tests. Both must send the same headers, from every location.
const WEB = join(__dirname, '../../deploy/nginx/web');

describe("the admin image's nginx", () => {
  it('sends exactly the headers of apps/admin/security-headers.ts (which vite preview sends)', () => {
    const lines = readFileSync(join(WEB, 'security-headers.conf'), 'utf8').split('\n').filter((l) => l.startsWith('add_header'));
    const sent = Object.fromEntries(lines.map((l) => /^add_header (\S+) "([^"]*)" always;$/.exec(l)).map((m) => [m?.[1], m?.[2]]));
    expect(sent).toEqual(ADMIN_SECURITY_HEADERS);
    expect(ADMIN_SECURITY_HEADERS['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });

  it('includes them in every location that answers the app (a location with its own add_header drops the server\'s)', () => {
    const conf = readFileSync(join(WEB, 'default.conf'), 'utf8');
    const appServer = conf.slice(0, conf.indexOf('# Container health check'));
    const locations = [...appServer.matchAll(/location ([^{]+)\{([^}]*)\}/g)];
    expect(locations.map((l) => l[1]?.trim())).toEqual(['/assets/', '= /index.html', '/']);
    for (const [, , body] of locations) expect(body).toContain('include /etc/nginx/security-headers.conf;');
    expect(readFileSync(join(__dirname, '../../deploy/Dockerfile.web'), 'utf8')).toContain('COPY deploy/nginx/web/security-headers.conf /etc/nginx/security-headers.conf');
  });
});

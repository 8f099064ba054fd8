import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import serverApps from '../../libs/server/config/src/server-apps-table.json';

const WORKSPACE = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(WORKSPACE, path), 'utf8');

/** The value of `NAME=value` or `NAME="value"` in a Dockerfile's ENV instruction. */
function dockerEnv(dockerfile: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}=("([^"]*)"|(\\S+))`).exec(dockerfile);
  return match ? (match[2] ?? match[3]) : undefined;
}

describe('libs/server/config/src/server-apps-table.json, the one table of the server apps', () => {
  it('gives the server image the same Node settings', () => {
    const dockerfile = read('deploy/Dockerfile.service');
    expect({ NODE_OPTIONS: dockerEnv(dockerfile, 'NODE_OPTIONS'), MALLOC_ARENA_MAX: dockerEnv(dockerfile, 'MALLOC_ARENA_MAX') }).toEqual({
      NODE_OPTIONS: serverApps.nodeOptions,
      MALLOC_ARENA_MAX: serverApps.mallocArenaMax,
    });
  });

  it('is copied beside the health check in the image, which reads the ops ports from it', () => {
    expect(read('deploy/Dockerfile.service')).toMatch(/^COPY libs\/server\/config\/src\/server-apps-table\.json \.\/deploy\/server-apps-table\.json$/m);
    expect(read('deploy/healthcheck.js')).toContain("join(__dirname, 'server-apps-table.json')");
  });

  it('does not let docker-compose override the Node settings of a server app', () => {
    expect(read('docker-compose.yml')).not.toMatch(/NODE_OPTIONS|MALLOC_ARENA_MAX/);
  });

  it('holds five apps with distinct ops ports, roles and users', () => {
    const apps = Object.values(serverApps.apps);
    expect(apps).toHaveLength(5);
    for (const key of ['opsPort', 'databaseRole', 'user'] as const) expect(new Set(apps.map((a) => a[key])).size).toBe(5);
  });
});

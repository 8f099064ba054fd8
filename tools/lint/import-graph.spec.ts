import { execSync } from 'node:child_process';
import { resolve } from 'node:path';
import { importCircles, importGraph, upwardImports } from './import-graph';

const ROOT = resolve(__dirname, '../..');
const sources = execSync("git ls-files 'apps/*/src/**' 'apps/storefront/server/**' 'libs/**/src/**'", { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f));

describe('the repository’s import structure', () => {
  const graph = importGraph(sources);

  it('reads the workspace aliases as files (so a circle through @shop/... is seen)', () => {
    const gatewayMain = graph.edges.get('apps/api-gateway/src/main.ts') ?? [];
    expect(gatewayMain.some((f) => f.startsWith('libs/'))).toBe(true);
  });

  it('has no import circle', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('has no import in the order service that runs back up its layers (an inner folder reaching its outer one)', () => {
    expect(upwardImports(graph, 'apps/order-service/src')).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const graph = (edges: Record<string, string[]>) => ({ root: ROOT, edges: new Map(Object.entries(edges)) });

  it('finds a circle of three files, and a file importing itself, and nothing in a chain', () => {
    expect(importCircles(graph({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts'], 'd.ts': ['a.ts'] }))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(importCircles(graph({ 'a.ts': ['a.ts'] }))).toEqual([['a.ts']]);
    expect(importCircles(graph({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual([]);
  });

  it('calls an import from an inner folder to its outer one upward, and a sibling or inner one not', () => {
    const edges = {
      'app/src/orders/lifecycle/apply.ts': ['app/src/orders/orders.repository.ts'],
      'app/src/orders/order.service.ts': ['app/src/orders/lifecycle/table.ts', 'app/src/discounts/discounts.ts'],
      'app/src/jobs/sweeper.ts': ['app/src/orders/order.service.ts'],
    };
    expect(upwardImports(graph(edges), 'app/src')).toEqual([['app/src/orders/lifecycle/apply.ts', 'app/src/orders/orders.repository.ts']]);
  });
});

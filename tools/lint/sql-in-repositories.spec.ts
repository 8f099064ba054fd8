import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/** What runs SQL or opens a transaction: only a repository (or the database library) may. */
const SQL_CALL = /\.(?:query|createQueryBuilder|transaction)\s*(?:<[^()]*>)?\(|\bqueryRows\s*(?:<[^()]*>)?\(/;

/** What hands out a connection or a TypeORM repository: only repositories (and health checks) hold one. */
const DATA_HANDLE = /@InjectDataSource\(|@InjectRepository\(|\.getRepository\s*(?:<[^()]*>)?\(/;

/** Files that may hold the DataSource outside a repository (never to read or write data), each with its reason. */
const HANDLE_ALLOWED: Record<string, string> = {
  'apps/api-gateway/src/health/gateway-health.ts': "hands the DataSource to the health report's `SELECT 1` (moved from health.controller.ts)",
  'libs/server/messaging/src/service-health.module.ts': "hands the DataSource to the readiness probe's `SELECT 1`",
};

/** Files that may run SQL outside a repository, each with its reason. */
const ALLOWED: Record<string, string> = {
  'libs/server/ops/src/health.ts': "the readiness probe's `SELECT 1` asks whether the database answers, not for data",
  'libs/server/testing/src/generate-products.ts': 'a test fixture that bulk-loads products for the search tests; never runs in a service',
  'libs/server/testing/src/order-visitor.ts': "the payment helpers play the shopper's browser, which knows its visitor id: they read which visitor placed an order; never runs in a service",
  'libs/server/testing/src/fault-drills.ts': "the fault drills' checks read the stack's own database (stock balance, outbox, connections); never runs in a service",
  'libs/server/testing/src/shop-db.ts': "the tests' own connection to the stack's database (products to buy, stock and reservations to check); never runs in a service",
};

function isExempt(path: string): boolean {
  return (
    path.endsWith('.repository.ts') ||
    path.endsWith('.spec.ts') ||
    path.includes('/migrations/') ||
    path.startsWith('libs/server/database/src/')
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function roots(): string[] {
  const apps = readdirSync(join(ROOT, 'apps')).map((a) => join(ROOT, 'apps', a, 'src'));
  const libs = readdirSync(join(ROOT, 'libs/server')).map((l) => join(ROOT, 'libs/server', l, 'src'));
  return [...apps, ...libs].filter((dir) => {
    try {
      return readdirSync(dir).length >= 0;
    } catch {
      return false;
    }
  });
}

/** Every `file:line` outside a repository whose line matches `pattern`, bar the allowed files. */
function hitsOutsideRepositories(pattern: RegExp, allowed: Record<string, string>): string[] {
  return roots()
    .flatMap(sourceFiles)
    .map((abs) => relative(ROOT, abs).split('\\').join('/'))
    .filter((path) => !isExempt(path) && !(path in allowed))
    .flatMap((path) =>
      readFileSync(join(ROOT, path), 'utf8')
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    );
}

/** Every `file:line` that runs SQL outside a repository. */
function sqlOutsideRepositories(): string[] {
  return hitsOutsideRepositories(SQL_CALL, ALLOWED);
}

describe('SQL sits behind repositories', () => {
  it('finds no query, query builder or transaction outside a *.repository.ts', () => {
    expect(sqlOutsideRepositories()).toEqual([]);
  });

  it('finds no DataSource or TypeORM repository held outside a *.repository.ts', () => {
    expect(hitsOutsideRepositories(DATA_HANDLE, HANDLE_ALLOWED)).toEqual([]);
  });

  it('catches a query outside a repository', () => {
    expect(SQL_CALL.test("await this.dataSource.query('SELECT 1')")).toBe(true);
    expect(SQL_CALL.test('await queryRows(em, sql)')).toBe(true);
    expect(SQL_CALL.test("this.products.createQueryBuilder('p')")).toBe(true);
    expect(SQL_CALL.test('await this.dataSource.transaction(async (em) => {')).toBe(true);
    expect(SQL_CALL.test('await this.dataSource.query<Row[]>(sql)')).toBe(true);
    expect(SQL_CALL.test('await queryRows<{ created_at: Date }>(')).toBe(true);
    expect(SQL_CALL.test('await this.tx.run(async () => {')).toBe(false);
    expect(DATA_HANDLE.test('@InjectRepository(ProductEntity) private readonly products: Repository<ProductEntity>,')).toBe(true);
    expect(DATA_HANDLE.test('@InjectDataSource() private readonly dataSource: DataSource,')).toBe(true);
    expect(SQL_CALL.test('const query = params.get(\'q\');')).toBe(false);
  });
});

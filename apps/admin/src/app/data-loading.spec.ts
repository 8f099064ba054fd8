import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// The admin app's data rules, checked on its source: screens load through route loaders, a change revalidates,
// and the shared client's one 401 handler logs out (no wrapper per call).
const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({ name: relative(SRC, path), text: readFileSync(path, 'utf8') }));

/** The API client's reads: anything named get*, or admin*Get* (adminGetOrders...). */
const API_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'@shop\/api-client'/g;
function apiReadsImported(text: string): string[] {
  return [...text.matchAll(API_IMPORT)]
    .flatMap((match) => match[1].split(','))
    .map((name) => name.replace(/^\s*type\s+/, '').trim())
    .filter((name) => /^(get[A-Z]|admin[A-Z]\w*Get[A-Z]|adminGet[A-Z])/.test(name));
}

describe('admin data loading', () => {
  it('finds the app source', () => {
    expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(['app/router.tsx', 'app/routes/orders.tsx', 'app/routes/orders-loaders.ts']));
  });

  it('hand-rolls no loading: no AbortController anywhere in the app', () => {
    expect(files.filter((f) => /\bAbortController\b/.test(f.text)).map((f) => f.name)).toEqual([]);
  });

  it('reads from the API only in route loaders (files named *-loader.ts or *-loaders.ts)', () => {
    // Not screen data: a file the owner downloads on a click (receipt, packing slip, run sheet, CSV files).
    const downloads = [
      'features/orders/components/order-receipt-whatsapp.tsx',
      'features/documents/components/packing-slip-button.tsx',
      'features/documents/components/order-documents-panel.tsx',
      'app/routes/product-import.tsx',
    ];
    const outside = files
      .filter((f) => !/-loaders?\.ts$/.test(f.name) && !downloads.includes(f.name))
      .map((f) => ({ file: f.name, reads: apiReadsImported(f.text) }))
      .filter((f) => f.reads.length > 0);
    expect(outside).toEqual([]);
  });

  it('has no per-call session wrapper: the shared client handles 401', () => {
    expect(files.filter((f) => /withAdminSession/.test(f.text)).map((f) => f.name)).toEqual([]);
    const config = files.find((f) => f.name === 'config/api-client.ts');
    expect(config?.text).toMatch(/configureApiClient\(\{[^}]*afterResponse: \[onUnauthorized\(/);
  });
});

import { generateProducts, useShop } from '@shop/server-testing';
import { Client } from 'pg';

/** Search over a catalogue of a few thousand generated products, through the gateway. */
describe('search over a large catalogue', () => {
  const shop = useShop({ services: ['catalog-service'], env: { LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false' } }, { timeoutMs: 60_000 });

  beforeAll(async () => {
    const db = new Client({ connectionString: shop.stack.env.DATABASE_URL });
    await db.connect();
    try {
      await generateProducts(db, 4000);
    } finally {
      await db.end();
    }
  }, 60_000);

  const search = async (q: string, extra = '') => {
    const res = await shop.stack.request(`/api/products?q=${encodeURIComponent(q)}${extra}`);
    expect(res.status).toBe(200);
    return res.body as { products: Array<{ name: string; description: string; type: string }>; total: number; pages: number };
  };

  it('has the whole catalogue', async () => {
    const res = await shop.stack.request('/api/products?page=1');
    expect(res.body.total).toBe(4000);
    expect(res.body.pages).toBe(500);
  });

  it.each([
    ['sheaa', 'shea'],
    ['coconutt', 'coconut'],
    ['cocnut', 'coconut'],
    ['papya', 'papaya'],
    ['morenga', 'moringa'],
    ['hibiscos', 'hibiscus'],
    ['moringga', 'moringa'],
    ['vanila', 'vanilla'],
    ['scrubb', 'scrub'],
  ])('finds "%s" as %s: every hit has the word, and there are many', async (typo, word) => {
    const page = await search(typo, '&pageSize=50');
    expect(page.total).toBeGreaterThan(100);
    for (const p of page.products) expect(`${p.name} ${p.description} ${p.type}`.toLowerCase()).toContain(word);
  });

  it('narrows with several words, each allowed a typo', async () => {
    const page = await search('whiped sheaa lip balm', '&pageSize=100');
    expect(page.total).toBeGreaterThan(0);
    for (const p of page.products) expect(p.name).toMatch(/^Whipped Shea Lip B/);
  });

  it('ranks the closest match first', async () => {
    const some = (await shop.stack.request('/api/products?page=37')).body.products[3].name as string;
    const page = await search(some);
    expect(page.products[0].name).toBe(some);
  });

  it('combines search with the type filter and paging', async () => {
    const page = await search('mango', '&type=Lip%20Balm&page=2');
    expect(page.products).toHaveLength(8);
    for (const p of page.products) {
      expect(p.type).toBe('Lip Balm');
      expect(p.name).toContain('Mango');
    }
  });

  it('does not match unrelated words', async () => {
    expect((await search('xylophone')).total).toBe(0);
  });
});

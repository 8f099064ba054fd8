import { pageHtml, shellHtml, withInlineStyles } from './html-template';
import { robotsTxt, sitemapXml } from './sitemap';

const template = `<html><head><title>Shop</title><meta name="description" content="x" /><script type="module" src="/assets/index.js"></script></head>
<body><!--ssr-root-start--><div id="root"><header>shell</header></div><!--ssr-root-end--></body></html>`;

describe('SSR page assembly', () => {
  it('puts the rendered screen, its head and its data into index.html', () => {
    const html = pageHtml(
      template,
      { kind: 'page', status: 200, html: '<main>Hello</main>', head: { title: 'A & B', tags: '<meta name="description" content="y" />' }, dataScript: '<script type="application/json" id="ssr-data">{}</script>' },
    );
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html).toContain('<meta name="description" content="y" />');
    expect(html).not.toContain('content="x"');
    expect(html).toContain('<div id="root"><main>Hello</main></div>');
    expect(html).not.toContain('shell');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('id="ssr-data"');
  });

  it('writes linked style sheets into the page, unless their text could end the element', () => {
    const head = '<head><link rel="stylesheet" crossorigin href="/assets/style-1.css"><title>Shop</title></head>';
    expect(withInlineStyles(head, (href) => (href === '/assets/style-1.css' ? 'a{color:red}' : ''))).toBe('<head><style>a{color:red}</style><title>Shop</title></head>');
    expect(withInlineStyles(head, () => 'a{}</style><script>')).toBe(head);
  });

  it('sends the shell unchanged but for the markers', () => {
    expect(shellHtml(template)).toContain('<div id="root"><header>shell</header></div></body>');
    expect(shellHtml(template)).not.toContain('ssr-root');
  });

  it('lists the public pages and every product in the sitemap, and robots.txt names it', () => {
    const xml = sitemapXml('https://shop.tt', [{ _id: 'a1' }, { _id: 'b&2' }]);
    expect(xml).toContain('<loc>https://shop.tt/</loc>');
    expect(xml).toContain('<loc>https://shop.tt/product/a1</loc>');
    expect(xml).toContain('<loc>https://shop.tt/product/b%262</loc>');
    for (const page of ['delivery', 'returns', 'privacy']) expect(xml).toContain(`<loc>https://shop.tt/${page}</loc>`);
    expect(robotsTxt('https://shop.tt')).toContain('Sitemap: https://shop.tt/sitemap.xml');
  });
});

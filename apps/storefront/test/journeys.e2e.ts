import { answerOnSandbox, placeOrderAs, saveScreenshot, shopper, SIZES, ttd, useVisitor } from '@shop/browser-testing';
import { fetchProducts, gotoInApp, STOREFRONT_URL, useBrowserPages } from './support/browser';

const open = useBrowserPages();

describe.each(SIZES)('storefront journeys (%s)', (viewport) => {
  it('tracks a card order paid on the sandbox and a pay-in-person order', async () => {
    const products = await fetchProducts();
    const balm = products.find((p) => p.name === 'Mango Butter Lip Balm')!;
    const oil = products.find((p) => p.name === 'Moringa Scalp Oil')!;
    const who = shopper('Renée', 'Baptiste');
    const { page, errors } = await open(viewport);
    await useVisitor(page, STOREFRONT_URL, who.visitorId);

    // No orders yet.
    await page.goto(`${STOREFRONT_URL}/tracking`);
    await page.getByText('No orders found. Enjoy Shopping with Us!').waitFor();
    expect(await page.title()).toBe('Track Orders | Island Glow');
    await saveScreenshot(page, `storefront-tracking-empty-${viewport}`);

    const inPerson = await placeOrderAs(STOREFRONT_URL, who, [{ product: balm._id, qty: 2 }], true);
    const card = await placeOrderAs(STOREFRONT_URL, who, [{ product: oil._id, qty: 1 }]);
    await answerOnSandbox(page, STOREFRONT_URL, who.visitorId, card._id);
    await page.getByRole('heading', { level: 1, name: /PAID/ }).waitFor({ timeout: 20_000 });

    await page.goto(`${STOREFRONT_URL}/tracking`);
    await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
    const cards = page.getByRole('main').getByRole('article');
    await cards.nth(1).waitFor();
    expect(await cards.count()).toBe(2);
    const text = await page.getByRole('main').innerText();
    expect(text).toContain(ttd(inPerson.totalPrice));
    expect(text).toContain(ttd(card.totalPrice));
    expect(text).toContain('Preparing In Person Order');
    expect(text).toContain('Preparing Order');
    await saveScreenshot(page, `storefront-tracking-${viewport}`);

    await page.goto(`${STOREFRONT_URL}/tracking/${card._id}`);
    await page.getByRole('heading', { level: 1, name: "Tracking Renée's Order" }).waitFor();
    const detail = await page.getByRole('main').innerText();
    expect(detail).toContain('Order Successful');
    expect(detail).toContain('Order Time');
    expect(detail).toContain(ttd(card.totalPrice));
    await saveScreenshot(page, `storefront-tracking-order-${viewport}`);

    await page.goto(`${STOREFRONT_URL}/tracking/${inPerson._id}`);
    await page.getByRole('heading', { level: 1, name: "Tracking Renée's Order" }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain('To Be Paid In Person');

    await page.goto(`${STOREFRONT_URL}/tracking/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { level: 1, name: 'Order not Found' }).waitFor();
    // The unknown order's 404 is expected; nothing else may go wrong.
    expect(errors.filter((e) => !/404|Failed to load resource|Order not found/.test(e))).toEqual([]);
  });

  it('shows the media gallery with a lightbox and a 1280x720 video embed', async () => {
    const products = await fetchProducts();
    const { page, errors } = await open(viewport);
    const imageResponse = await fetch(`${STOREFRONT_URL}${products[0].image}`);
    const imageType = imageResponse.headers.get('content-type') ?? 'image/png';
    const image = Buffer.from(await imageResponse.arrayBuffer());
    // Gallery content as the owner would set it; YouTube itself is not reachable from the test machine.
    await page.route('**/api/controls', async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as Array<{ mediaSettings: { photos: string[]; videos: string[] } }>;
      list[0].mediaSettings = { photos: products.slice(0, 3).map((p) => p.image), videos: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'] };
      await route.fulfill({ response, json: list });
    });
    await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 200, contentType: imageType, body: image }));
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>video</p>' }),
    );

    await gotoInApp(page, '/media');
    await page.getByRole('heading', { level: 2, name: 'Images' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Videos' }).waitFor();
    await page.getByRole('button', { name: 'Photo 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Photo 2 of 3' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await saveScreenshot(page, `storefront-media-${viewport}`);

    await page.getByRole('button', { name: 'Play video 1' }).click();
    const frame = page.getByRole('dialog', { name: 'Video' }).locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toContain('/embed/dQw4w9WgXcQ');
    expect([await frame.getAttribute('width'), await frame.getAttribute('height')]).toEqual(['1280', '720']);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });

  it('sends a contact message and clears the form', async () => {
    const { page, errors } = await open(viewport);
    await page.goto(`${STOREFRONT_URL}/contact`);
    await page.getByRole('heading', { level: 2, name: 'Send Us Feedback' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Instagram', exact: true }).waitFor();
    // WhatsApp and the phone link carry the shop's number in international form (wa.me needs the +1 868).
    const contact = ((await (await fetch(`${STOREFRONT_URL}/api/controls`)).json()) as Array<{ contactSettings: { whatsapp: string; phone: string } }>)[0]
      .contactSettings;
    const international = (n: string) => {
      const digits = n.replace(/\D/g, '');
      return digits.length === 7 ? `1868${digits}` : digits.length === 10 ? `1${digits}` : digits;
    };
    expect(await page.getByRole('main').getByRole('link', { name: 'WhatsApp', exact: true }).getAttribute('href')).toBe(`https://wa.me/${international(contact.whatsapp)}`);
    expect(await page.getByRole('link', { name: /^Call us/ }).getAttribute('href')).toBe(`tel:+${international(contact.phone)}`);
    const form = page.getByRole('main').locator('form');
    await form.getByLabel('First Name').fill('Kezia');
    await form.getByLabel('Last Name').fill('Mohammed');
    await form.getByLabel('Email').fill('kezia@example.tt');
    await form.getByLabel('Phone').fill('868 555 0142');
    await form.getByLabel('Message').fill('Do you ship the lip balms to Tobago?');
    await saveScreenshot(page, `storefront-contact-${viewport}`);
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/mail' && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send' }).click();
    expect((await sent).status()).toBe(202);
    await page.getByText('Thank you! Your message was sent.').waitFor();
    expect(await form.getByLabel('Message').inputValue()).toBe('');
    expect(await form.getByLabel('First Name').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('sends an unknown URL to Page Not Found', async () => {
    const { page } = await open(viewport);
    await page.goto(`${STOREFRONT_URL}/no/such/page`);
    await page.getByRole('heading', { name: 'Page Not Found.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
    await saveScreenshot(page, `storefront-404-${viewport}`);
  });
});

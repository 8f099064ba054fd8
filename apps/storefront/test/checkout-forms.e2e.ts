import type { Order, ProductSummary } from '@shop/contracts';
import { saveScreenshot, scanAccessibility, SIZES } from '@shop/browser-testing';
import { fetchProducts, scanWithoutScripts, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { CHAGUANAS_SHOPPER, fillCheckoutForm } from './support/checkout';
import { adminToken } from './support/shop-admin';

const PICKUP_ADDRESS_LINE = '12 Frederick Street';

async function ownerOrder(id: string): Promise<Order> {
  const response = await fetch(`${STOREFRONT_URL}/api/orders/${id}`, { headers: { Authorization: `Bearer ${await adminToken()}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Order;
}

function inStock(products: ProductSummary[], index: number): ProductSummary {
  const found = products.filter((p) => p.countInStock > 3)[index];
  if (!found) throw new Error('not enough products in stock');
  return found;
}

/**
 * Issue 25 at checkout: a delivery note kept with the order, a town outside its area flagged for the shopper and
 * stored for the owner, the line on paying in person and the pick-up address; and the checkout and the contact
 * form as forms the storefront's server answers when JavaScript is off.
 */
describe.each(SIZES)('checkout notes and server-answered forms (%s)', (viewport) => {
  const open = useBrowserPages();
  let products: ProductSummary[];

  beforeAll(async () => {
    products = await fetchProducts();
  });

  it('flags a town outside its area, saves the delivery note, explains paying in person and shows the pick-up address', async () => {
    const product = inStock(products, viewport === 'phone' ? 0 : 1);
    const { page, errors } = await open(viewport);
    await page.goto(`${STOREFRONT_URL}/checkout?add=${product._id}&qty=1`);
    await page.waitForURL(`${STOREFRONT_URL}/checkout`);
    await page.getByRole('table', { name: 'Your order' }).waitFor();

    // Paying in person, said once under the choice; the pick-up address only once pick-up is chosen.
    await page.getByText('Pay by cash or Linx when your order is delivered or picked up.').waitFor();
    const pickup = page.getByText('Pick up your order at:');
    expect(await pickup.isVisible()).toBe(false);
    await page.getByRole('radio', { name: /^Pick up in store\b/ }).check();
    await pickup.waitFor();
    expect(await page.locator('main').getByText(PICKUP_ADDRESS_LINE).isVisible()).toBe(true);
    await saveScreenshot(page, `storefront-checkout-pickup-${viewport}`);

    await page.getByRole('radio', { name: /^South Trinidad\b/ }).check();
    await pickup.waitFor({ state: 'hidden' });
    const note = `Blue gate opposite the mosque (${viewport})`;
    await fillCheckoutForm(page, [...CHAGUANAS_SHOPPER, ['Delivery note (optional)', note]]);
    await page.getByLabel('Street', { exact: true }).blur();
    await page.getByText('Chaguanas is in Central Trinidad, not South Trinidad. Please check the delivery area above.').waitFor();
    expect(await page.getByLabel('Delivery note (optional)').getAttribute('aria-describedby')).toBeTruthy();
    await saveScreenshot(page, `storefront-checkout-note-${viewport}`);
    expect(await scanAccessibility(page)).toEqual([]);

    await page.getByRole('button', { name: 'Pay In Person' }).click();
    await page.waitForURL(/\/checkoutInPerson\/[^/?]+$/);
    await page.getByRole('heading', { name: 'Order Submitted Successfully' }).waitFor();
    const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';

    // The owner's view of the order: the note, and the town the server found outside the area.
    const owner = await ownerOrder(id);
    expect(owner).toMatchObject({ townOutsideArea: true, deliveryArea: { name: 'South Trinidad' }, customer: { city: 'Chaguanas', note } });
    expect(errors).toEqual([]);
  });

  it('without JavaScript: Buy Now, a refused form kept as typed, Update total, and an in-person order placed', async () => {
    const product = inStock(products, viewport === 'phone' ? 2 : 3);
    const { page } = await open(viewport, { javaScript: false });
    await page.goto(`${STOREFRONT_URL}/product/${product._id}`);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(new RegExp(`/checkout\\?add=${product._id}&qty=1$`));
    const summary = page.getByRole('table', { name: 'Your order' });
    await summary.waitFor();
    expect(await summary.innerText()).toContain(product.name);
    // In the server's HTML, for the case the shopper picks it up.
    await page.getByText('Pay by cash or Linx when your order is delivered or picked up.').waitFor();
    await page.getByText('If you choose pick-up, collect your order at:').waitFor();
    expect(await page.locator('main').getByText(PICKUP_ADDRESS_LINE).isVisible()).toBe(true);

    // Sent with a field missing: the form comes back as typed, with what to do under the field.
    await fillCheckoutForm(page, [
      ['First Name', 'Renée'],
      ['Last Name', 'Baptiste'],
      ['Email', 'renee@example.tt'],
      ['City/Area', 'San Fernando'],
      ['Street', '4 Coffee Street'],
      ['Delivery note (optional)', 'Green house behind the school'],
    ]);
    await page.getByRole('button', { name: 'Pay In Person' }).click();
    await page.getByText('Please enter your phone number.').waitFor();
    await page.getByText('Please ensure the highlighted fields are valid').waitFor();
    expect(await page.getByLabel('First Name', { exact: true }).inputValue()).toBe('Renée');
    expect(await page.getByLabel('Delivery note (optional)').inputValue()).toBe('Green house behind the school');
    expect(await page.getByLabel('Contact Number').getAttribute('aria-invalid')).toBe('true');
    await saveScreenshot(page, `storefront-nojs-checkout-errors-${viewport}`);
    expect(await scanWithoutScripts(page, () => open(viewport))).toEqual([]);

    // Another area: the server prices it when asked.
    const south = page.getByRole('radio', { name: /^South Trinidad\b/ });
    await south.check();
    await page.getByRole('button', { name: 'Update total' }).click();
    await page.getByRole('row', { name: /South Trinidad/ }).waitFor();
    expect(await page.getByRole('radio', { name: /^South Trinidad\b/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Street', { exact: true }).inputValue()).toBe('4 Coffee Street');

    await page.getByLabel('Contact Number').fill('868 555 0199');
    await page.getByRole('button', { name: 'Pay In Person' }).click();
    await page.waitForURL(/\/checkoutInPerson\/[^/?]+$/);
    await page.getByRole('heading', { name: 'Order Submitted Successfully' }).waitFor();
    await page.getByText('Will be Paid In Person').first().waitFor();
    await saveScreenshot(page, `storefront-nojs-in-person-result-${viewport}`);
    const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const owner = await ownerOrder(id);
    expect(owner).toMatchObject({
      isInPerson: true,
      townOutsideArea: false,
      deliveryArea: { name: 'South Trinidad' },
      customer: { fname: 'Renée', phone: '(868)555-0199', note: 'Green house behind the school' },
      orderItems: [{ product: product._id, qty: 1 }],
    });
  });

  it('without JavaScript: a card order goes to the payment page', async () => {
    const product = inStock(products, viewport === 'phone' ? 4 : 5);
    const { page } = await open(viewport, { javaScript: false });
    await page.goto(`${STOREFRONT_URL}/checkout?add=${product._id}&qty=2`);
    await page.getByRole('table', { name: 'Your order' }).waitFor();
    await fillCheckoutForm(page, [
      ['First Name', 'Asha'],
      ['Last Name', 'Ramdial'],
      ['Email', 'asha@example.tt'],
      ['Contact Number', '8685550123'],
      ['City/Area', 'Port of Spain'],
      ['Street', '12 Ariapita Avenue'],
    ]);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    // Form posts may only go to the shop itself (CSP form-action): the provider's page is a link.
    await page.getByText('Your order is saved. Pay for it on the secure card payment page:').waitFor();
    await saveScreenshot(page, `storefront-nojs-card-link-${viewport}`);
    await page.getByRole('link', { name: 'Continue to card payment' }).click();
    // The sandbox's hosted page (the payment service's): the order waits there to be paid.
    await page.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 });
  });

  it('without JavaScript: the contact form is checked and sent by the server', async () => {
    const { page } = await open(viewport, { javaScript: false });
    await page.goto(`${STOREFRONT_URL}/contact`);
    const form = page.getByRole('main').locator('form');
    await form.getByLabel('First Name').fill('Kezia');
    await form.getByLabel('Message').fill('Do you deliver to Mayaro?');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/contact`);
    await form.getByText('Please enter your phone number').waitFor();
    await form.getByText('Please enter your e-mail address').first().waitFor();
    expect(await form.getByLabel('First Name').inputValue()).toBe('Kezia');
    expect(await form.getByLabel('Message').inputValue()).toBe('Do you deliver to Mayaro?');
    await saveScreenshot(page, `storefront-nojs-contact-errors-${viewport}`);
    expect(await scanWithoutScripts(page, () => open(viewport))).toEqual([]);

    await form.getByLabel('Last Name').fill('Mohammed');
    await form.getByLabel('Email').fill('kezia@example.tt');
    await form.getByLabel('Phone').fill('868 555 0142');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/contact?sent=1`);
    await page.getByText('Thank you! Your message was sent.').waitFor();
    expect(await form.getByLabel('First Name').inputValue()).toBe('');
  });

  it('refuses a checkout or contact post from another site', async () => {
    for (const path of ['/checkout', '/contact']) {
      const response = await fetch(`${STOREFRONT_URL}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
        body: 'firstName=x',
      });
      expect([path, response.status]).toEqual([path, 403]);
    }
  });
});

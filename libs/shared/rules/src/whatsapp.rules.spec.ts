import { whatsAppLink } from './phone.rules';
import { orderWhatsAppText, ownerWhatsAppText, productWhatsAppText } from './whatsapp.rules';

const order = { orderNumber: 'IG-10427', orderItems: [{ name: 'Mango Curl Butter', qty: 2 }, { name: 'Sea Moss Gel', qty: 1 }], totalPrice: 336, customer: { fname: 'Shanice' } };

describe('WhatsApp messages', () => {
  it('names the product, its price and its page', () => {
    expect(productWhatsAppText({ name: 'Mango Curl Butter', price: 125.5 }, 'https://shop.test/product/p1')).toBe(
      'Hi Island Glow! I have a question about Mango Curl Butter (TT$125.50): https://shop.test/product/p1',
    );
  });

  it("names the shopper's order number, lines and total", () => {
    expect(orderWhatsAppText(order)).toBe('Hi Island Glow! I have a question about my order IG-10427 (2 × Mango Curl Butter, 1 × Sea Moss Gel; total TT$336.00).');
  });

  it('greets the customer by first name in the owner message, and without one when there is none', () => {
    expect(ownerWhatsAppText(order)).toBe('Hi Shanice, this is Island Glow about your order IG-10427 (2 × Mango Curl Butter, 1 × Sea Moss Gel; total TT$336.00).');
    expect(ownerWhatsAppText({ ...order, customer: { fname: ' ' } })).toMatch(/^Hi, this is Island Glow/);
  });

  it('goes into a wa.me link to the number in international form, the text encoded', () => {
    expect(whatsAppLink('(868) 555-0199', orderWhatsAppText(order))).toBe(`https://wa.me/18685550199?text=${encodeURIComponent(orderWhatsAppText(order))}`);
  });
});

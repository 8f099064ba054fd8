import { DEFAULT_SITE_SETTINGS } from '@shop/rules';
import type { Order } from './order.schemas';
import { OrderState } from './order-lifecycle';
import { receiptFileName, receiptFromOrder, receiptRefusal, vatPartCents } from './receipt';

const settings = { contactSettings: DEFAULT_SITE_SETTINGS.contactSettings, receiptSettings: { vatRegistrationNumber: '' } };
const order = {
  _id: 'o1',
  orderNumber: 'IG-10001',
  customer: { id: 'uid-aaaaaaaaaaaa', fname: 'Ann', lname: 'Lee' },
  orderItems: [{ name: 'Balm', product: 'p', qty: 3, price: 19.99, image: '' }],
  itemsPrice: 59.97,
  deliveryCost: 35,
  totalPrice: 94.97,
  paymentMethod: 'card',
  paymentReference: 'oid-abcdefabcdef',
  isPaid: true,
  paidAt: '2026-11-23T18:00:00.000Z',
  isDelivered: false,
  deliveredAt: null,
  deliveryStatus: 'Preparing Order',
  isInPerson: false,
  createdAt: '2026-11-23T17:59:00.000Z',
  state: OrderState.Paid,
} as Order;

describe('receipts', () => {
  it('computes the VAT part of a VAT-inclusive total exactly to the cent (total × 12.5 / 112.5 = total / 9)', () => {
    expect(vatPartCents(11250)).toBe(1250); // TT$112.50 holds TT$12.50 of VAT
    expect(vatPartCents(9497)).toBe(1055); // 1055.22… → 1055
    expect(vatPartCents(43597)).toBe(4844); // 4844.11… → 4844
    expect(vatPartCents(5)).toBe(1); // 0.55… → 1
    expect(vatPartCents(4)).toBe(0); // 0.44… → 0
    expect(vatPartCents(0)).toBe(0);
    // Never a tie: no whole number of cents over 9 ends in exactly half a cent.
    for (let c = 0; c < 2000; c++) expect(Math.abs(((c / 9) % 1) - 0.5)).toBeGreaterThan(0.05);
    expect(() => vatPartCents(1.5)).toThrow(RangeError);
  });

  it('has a receipt only for confirmed orders', () => {
    for (const state of [OrderState.Paid, OrderState.InPerson, OrderState.OutForDelivery, OrderState.Delivered]) expect(receiptRefusal({ state })).toBeNull();
    for (const state of [OrderState.AwaitingPayment, OrderState.PaymentFailed, OrderState.Expired]) expect(receiptRefusal({ state })).toMatch(/once the order is confirmed/);
    for (const state of [OrderState.Cancelled, OrderState.RefundDue, OrderState.Refunded]) expect(receiptRefusal({ state })).toMatch(/cancelled/);
  });

  it('maps an order: lines with their totals, delivery, total, payment; VAT only with a registration number', () => {
    const receipt = receiptFromOrder(order, settings);
    expect(receipt).toMatchObject({
      orderNumber: 'IG-10001',
      customerName: 'Ann Lee',
      lines: [{ name: 'Balm', qty: 3, unitPrice: 19.99, lineTotal: 59.97 }],
      itemsTotal: 59.97,
      discount: null,
      delivery: { label: 'Delivery', cost: 35 },
      total: 94.97,
      payment: { method: 'card', paidAt: '2026-11-23T18:00:00.000Z', reference: 'oid-abcdefabcdef' },
      vat: null,
    });
    expect(receiptFromOrder(order, { ...settings, receiptSettings: { vatRegistrationNumber: ' 123 ' } }).vat).toEqual({ ratePercent: 12.5, amount: 10.55, registrationNumber: '123' });
  });

  it('reads the delivery area and discount once the order carries them (issue 17 merge point)', () => {
    const extended = { ...order, deliveryArea: { name: 'Tobago', estimatedDays: '3-5 days' }, discount: { code: 'GLOW10', amount: 6 } };
    expect(receiptFromOrder(extended, settings)).toMatchObject({ delivery: { label: 'Delivery: Tobago (3-5 days)', cost: 35 }, discount: { code: 'GLOW10', amount: 6 } });
  });

  it('names the file after the order number', () => {
    expect(receiptFileName('IG-10001')).toBe('receipt-IG-10001.pdf');
    expect(receiptFileName('IG-1"; x')).toBe('receipt-IG-1x.pdf');
  });
});

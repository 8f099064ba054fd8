import { exportRangeRefusal, orderExportCells, orderExportHeader, type OrderExportRow, runSheetFromOrders, spreadsheetSafe } from './order-documents';
import type { Order } from './order.schemas';
import { OrderState } from './order-lifecycle';

describe("owner's documents", () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', 'Asha', '12.50'].map(spreadsheetSafe)).toEqual(["'=1+1", "'+1", "'-2", "'@SUM(A1)", "'\tx", 'Asha', '12.50']);
  });

  it('refuses a range that runs backwards or is longer than 366 days', () => {
    expect(exportRangeRefusal('2026-01-02', '2026-01-01')).toBe('The start date must be on or before the end date');
    expect(exportRangeRefusal('2026-01-01', '2026-01-01')).toBeNull();
    expect(exportRangeRefusal('2024-01-01', '2024-12-31')).toBeNull();
    expect(exportRangeRefusal('2024-01-01', '2025-01-01')).toBe('At most 366 days can be exported at once');
  });

  const row: OrderExportRow = {
    orderNumber: 'IG-10001',
    createdAt: '2026-01-15T03:30:00.000Z',
    customerName: 'Asha Ali',
    area: 'Arima',
    itemsPrice: 100,
    discount: 10,
    deliveryCost: 35,
    totalPrice: 125,
    paymentMethod: 'card',
    isPaid: true,
    state: OrderState.Delivered,
    deliveryStatus: 'Delivered',
    transactionReference: 'TX-1',
  };

  it('writes a row in TTD with two decimals, on the shop day, with the VAT column only when registered', () => {
    expect(orderExportCells(row, false)).toEqual(['IG-10001', '2026-01-14', 'Asha Ali', 'Arima', '100.00', '10.00', '35.00', '125.00', 'Card', 'Paid', 'Delivered', 'TX-1']);
    expect(orderExportCells(row, true)[7]).toBe('13.89');
    expect(orderExportHeader(true)).toHaveLength(13);
    expect(orderExportHeader(false)).toHaveLength(12);
  });

  it('groups a run sheet by area name, orders without an area last, and adds up what to collect', () => {
    const order = (n: number, area: string | null, inPerson: boolean, total: number): Order =>
      ({
        _id: String(n),
        orderNumber: `IG-${n}`,
        customer: { id: 'v', fname: 'A', lname: 'B', phone: '8685551234', street: '1 Main Rd', city: 'Arima' },
        orderItems: [{ name: 'Balm', product: 'p', qty: 2, price: 5, image: '' }],
        deliveryArea: area ? { name: area, estimatedDays: '1 day' } : null,
        paymentMethod: inPerson ? 'in_person' : 'card',
        isPaid: !inPerson,
        totalPrice: total,
        state: inPerson ? OrderState.InPerson : OrderState.Paid,
      }) as Order;
    const sheet = runSheetFromOrders('2026-11-26', [order(12, 'Sangre Grande', true, 50.25), order(9, null, false, 10), order(10, 'Arima', true, 20), order(11, 'Sangre Grande', false, 5)], {
      contactSettings: { phone: '', whatsapp: '', email: '', instagram: '', facebook: '', tiktok: '', address: '' } as never,
    });
    expect(sheet.areas.map((a) => [a.name, a.stops.map((s) => s.orderNumber)])).toEqual([
      ['Arima', ['IG-10']],
      ['Sangre Grande', ['IG-11', 'IG-12']],
      ['No delivery area', ['IG-9']],
    ]);
    expect(sheet.totalToCollect).toBe(70.25);
    expect(sheet.areas[1].stops[1]).toMatchObject({ collect: 50.25, address: '1 Main Rd, Arima', lines: [{ name: 'Balm', qty: 2 }] });
  });
});

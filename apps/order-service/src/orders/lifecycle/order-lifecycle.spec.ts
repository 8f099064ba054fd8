import { DeliveryStatus, OrderAction, OrderEvent, OrderState, OrderTab } from '@shop/contracts';
import { actionForStatus, allowedActions, applyPatch, decide, type OrderFacts, type StateColumns, stateFromColumns, TAB_STATES, TRANSITIONS } from './order-lifecycle';

const S = OrderState;
const A = OrderAction;

/**
 * A typical order in each state: how it is paid, whether money was taken, and where its stock is. A new
 * in-person order is held until a time (unconfirmed); `confirmed` gives the one the owner confirmed.
 */
function order(state: OrderState, isInPerson: boolean, confirmed = false): OrderFacts {
  const paidCard = !isInPerson && ([S.Paid, S.PaidOutOfStock, S.OutForDelivery, S.Delivered, S.RefundDue, S.Refunded] as OrderState[]).includes(state);
  const paidCash = isInPerson && ([S.Delivered, S.RefundDue, S.Refunded] as OrderState[]).includes(state);
  const deliveryStatus =
    state === S.OutForDelivery ? DeliveryStatus.OutForDelivery : state === S.Delivered ? DeliveryStatus.Delivered : isInPerson ? DeliveryStatus.PreparingInPerson : DeliveryStatus.Preparing;
  const released = ([S.PaymentFailed, S.Expired, S.Cancelled, S.PaidOutOfStock] as OrderState[]).includes(state);
  const stockState = released ? 'released' : paidCard || state === S.Delivered ? 'committed' : 'reserved';
  const held = isInPerson && !confirmed && ([S.InPerson, S.Expired] as OrderState[]).includes(state);
  return { state, isInPerson, isPaid: paidCard || paidCash, stockState, deliveryStatus, held };
}

/** The columns of a typical order in each state (the generated `state` column is computed from these). */
function columns(state: OrderState, isInPerson: boolean): StateColumns {
  const facts = order(state, isInPerson);
  const cancelled = ([S.Cancelled, S.RefundDue, S.Refunded] as OrderState[]).includes(state);
  const payment = isInPerson
    ? state === S.Expired
      ? 'expired'
      : 'in_person'
    : state === S.PaymentFailed
      ? 'failed'
      : state === S.Expired
        ? 'expired'
        : facts.isPaid
          ? 'paid'
          : 'pending';
  return {
    is_in_person: isInPerson,
    is_paid: facts.isPaid,
    payment_state: payment,
    delivery_status: facts.deliveryStatus,
    cancelled,
    refunded: state === S.Refunded,
    stock_short: state === S.PaidOutOfStock,
  };
}

const CARD_STATES: OrderState[] = [
  S.AwaitingPayment, S.PaymentFailed, S.Expired, S.Paid, S.PaidOutOfStock, S.OutForDelivery, S.Delivered, S.Cancelled, S.RefundDue, S.Refunded,
];
const IN_PERSON_STATES: OrderState[] = [S.InPerson, S.Expired, S.OutForDelivery, S.Delivered, S.Cancelled, S.RefundDue, S.Refunded];
const ACTIONS = [A.Pay, A.PayWithoutStock, A.RecordCardPayment, A.RecordCardPaymentWithoutStock, A.RecordTransfer, A.RemindTransfer, A.UploadTransferProof, A.Fulfil, A.Decline, A.Expire, A.Confirm, A.Prepare, A.SendOut, A.Deliver, A.Cancel, A.RecordRefund];
/** Issue 29: the bank-transfer moves are refused for card and in-person orders in every state. */
const NO_PROOF = '409: This order is no longer waiting for a bank transfer, so no proof can be added.';
const NOT_BANK = { record_transfer: '409: Only a bank-transfer order is marked paid by transfer', remind_transfer: '409', upload_transfer_proof: NO_PROOF };
/** The three actions of issue 23 are refused alike in most states; each row below adds them. */
const NOT_NEW = {
  ...NOT_BANK,
  pay_without_stock: '409',
  fulfil: '409: Only a paid order that is out of stock can be fulfilled after a restock',
  record_card_payment: '409',
  record_card_payment_without_stock: '409',
};
/** Issue 29: the owner's record of a card payment, on an unpaid card order (on a late one, as a late payment is). */
const OWNER_RECORDS = { record_card_payment: S.Paid };
const OWNER_RECORDS_LATE = { ...OWNER_RECORDS, record_card_payment_without_stock: S.PaidOutOfStock };
const CARD_NOT_CONFIRMED = { confirm: '409: Only a pay-in-person order is confirmed by the shop' };
const OUT_OF_STOCK = "409: This order's items are out of stock: restock and fulfil it, or cancel it";
const EXPIRED_IN_PERSON = '409: This order expired unconfirmed and its items went back on sale';

/**
 * The expected answer of every (state, action) pair, written out by hand: the state it leads to, '=' for an
 * allowed action that changes nothing, or the refusal ('409: message' or '400: message').
 */
const CARD: Record<string, Record<string, string>> = {
  [S.AwaitingPayment]: {
    ...NOT_NEW, ...CARD_NOT_CONFIRMED, ...OWNER_RECORDS,
    pay: S.Paid, decline: S.PaymentFailed, expire: S.Expired, prepare: '=',
    send_out: '409: An unpaid card order cannot be sent out or delivered', deliver: '409: An unpaid card order cannot be sent out or delivered',
    cancel: S.Cancelled, record_refund: '409: Only a cancelled paid order can have its refund recorded',
  },
  [S.PaymentFailed]: {
    ...NOT_NEW, ...CARD_NOT_CONFIRMED, ...OWNER_RECORDS_LATE, pay_without_stock: S.PaidOutOfStock,
    pay: S.Paid, decline: '409', expire: '409', prepare: '=',
    send_out: '409: An unpaid card order cannot be sent out or delivered', deliver: '409: An unpaid card order cannot be sent out or delivered',
    cancel: S.Cancelled, record_refund: '409',
  },
  [S.Expired]: {
    ...NOT_NEW, ...CARD_NOT_CONFIRMED, ...OWNER_RECORDS_LATE, pay_without_stock: S.PaidOutOfStock,
    pay: S.Paid, decline: '409', expire: '409', prepare: '=',
    send_out: '409: An unpaid card order cannot be sent out or delivered', deliver: '409: An unpaid card order cannot be sent out or delivered',
    cancel: S.Cancelled, record_refund: '409',
  },
  [S.Paid]: {
    ...NOT_NEW, ...CARD_NOT_CONFIRMED, record_card_payment: '409: This order is already paid',
    pay: '409: This order is already paid', decline: '409', expire: '409', prepare: '=', send_out: S.OutForDelivery, deliver: S.Delivered,
    cancel: S.RefundDue, record_refund: '409',
  },
  [S.PaidOutOfStock]: {
    ...NOT_BANK, ...CARD_NOT_CONFIRMED, record_card_payment: '409: This order is already paid', record_card_payment_without_stock: '409',
    pay: '409: This order is already paid', pay_without_stock: '409', fulfil: S.Paid, decline: '409', expire: '409',
    prepare: OUT_OF_STOCK, send_out: OUT_OF_STOCK, deliver: OUT_OF_STOCK,
    cancel: S.RefundDue, record_refund: '409: Only a cancelled paid order can have its refund recorded',
  },
  [S.OutForDelivery]: {
    ...NOT_NEW, ...CARD_NOT_CONFIRMED,
    pay: '409: This order is already paid', decline: '409', expire: '409', prepare: S.Paid, send_out: '=', deliver: S.Delivered,
    cancel: '409: This order is already out for delivery', record_refund: '409',
  },
  [S.Delivered]: {
    ...NOT_NEW, ...CARD_NOT_CONFIRMED,
    pay: '409: This order is already paid', decline: '409', expire: '409', prepare: S.Paid, send_out: S.OutForDelivery, deliver: '=',
    cancel: '409: This order is already delivered', record_refund: '409',
  },
  [S.Cancelled]: {
    ...NOT_NEW, ...CARD_NOT_CONFIRMED, record_card_payment: '409: This order is cancelled',
    pay: S.RefundDue, decline: '409', expire: '409', prepare: '409: This order is cancelled', send_out: '409: This order is cancelled',
    deliver: '409: This order is cancelled', cancel: '409: This order is cancelled', record_refund: '409: Only a cancelled paid order can have its refund recorded',
  },
  [S.RefundDue]: {
    ...NOT_NEW, ...CARD_NOT_CONFIRMED,
    pay: '409: This order is already paid', decline: '409', expire: '409', prepare: '409: This order is cancelled', send_out: '409', deliver: '409',
    cancel: '409: This order is cancelled', record_refund: S.Refunded,
  },
  [S.Refunded]: {
    ...NOT_NEW, ...CARD_NOT_CONFIRMED,
    pay: '409', decline: '409', expire: '409', prepare: '409: This order is cancelled and refunded', send_out: '409', deliver: '409',
    cancel: '409: This order is cancelled and refunded', record_refund: '409',
  },
};

/** In-person rows; 'in_person (confirmed)' is an in_person order the owner confirmed (its hold has no end). */
const IN_PERSON: Record<string, Record<string, string>> = {
  [S.InPerson]: {
    ...NOT_NEW, record_card_payment: '409: This order is paid in person',
    pay: '409: This order is paid in person', decline: '409', expire: S.Expired, confirm: S.InPerson, prepare: '=', send_out: S.OutForDelivery,
    deliver: S.Delivered, cancel: S.Cancelled, record_refund: '409',
  },
  'in_person (confirmed)': {
    ...NOT_NEW,
    pay: '409: This order is paid in person', decline: '409', expire: '409: This order is confirmed: its items are held until it is delivered or cancelled',
    confirm: '409: This order is already confirmed', prepare: '=', send_out: S.OutForDelivery, deliver: S.Delivered, cancel: S.Cancelled, record_refund: '409',
  },
  [S.Expired]: {
    ...NOT_NEW,
    pay: '409: This order is paid in person', decline: '409', expire: '409', confirm: '409', prepare: EXPIRED_IN_PERSON, send_out: EXPIRED_IN_PERSON,
    deliver: EXPIRED_IN_PERSON, cancel: S.Cancelled, record_refund: '409',
  },
  [S.OutForDelivery]: {
    ...NOT_NEW,
    pay: '409: This order is paid in person', decline: '409', expire: '409', confirm: '409', prepare: S.InPerson, send_out: '=', deliver: S.Delivered,
    cancel: '409: This order is already out for delivery', record_refund: '409',
  },
  [S.Delivered]: {
    ...NOT_NEW,
    pay: '409', decline: '409', expire: '409', confirm: '409', prepare: S.InPerson, send_out: S.OutForDelivery, deliver: '=',
    cancel: '409: This order is already delivered', record_refund: '409',
  },
  [S.Cancelled]: { ...NOT_NEW, pay: '409', decline: '409', expire: '409', confirm: '409', prepare: '409', send_out: '409', deliver: '409', cancel: '409', record_refund: '409' },
  [S.RefundDue]: { ...NOT_NEW, pay: '409', decline: '409', expire: '409', confirm: '409', prepare: '409', send_out: '409', deliver: '409', cancel: '409', record_refund: S.Refunded },
  [S.Refunded]: { ...NOT_NEW, pay: '409', decline: '409', expire: '409', confirm: '409', prepare: '409', send_out: '409', deliver: '409', cancel: '409', record_refund: '409' },
};

/** Issue 29: a bank-transfer order waiting for its transfer (held), and once the shopper was reminded. */
const NOT_CARD = { pay: '409', pay_without_stock: '409', record_card_payment: '409', record_card_payment_without_stock: '409', decline: '409', fulfil: '409', record_refund: '409' };
const BANK: Record<string, Record<string, string>> = {
  [S.AwaitingTransfer]: {
    ...NOT_CARD, record_transfer: S.Paid, remind_transfer: S.AwaitingTransfer, upload_transfer_proof: S.AwaitingTransfer, expire: S.Expired, confirm: '409: Only a pay-in-person order is confirmed by the shop',
    prepare: '409', send_out: '409', deliver: '409', cancel: S.Cancelled,
  },
  'awaiting_transfer (reminded)': {
    ...NOT_CARD, record_transfer: S.Paid, remind_transfer: '409: The shopper was already reminded', upload_transfer_proof: S.AwaitingTransfer, expire: S.Expired, confirm: '409',
    prepare: '409', send_out: '409', deliver: '409', cancel: S.Cancelled,
  },
  [S.Expired]: {
    ...NOT_CARD, record_transfer: '409: This order expired and its items went back on sale: ask the shopper to order again, or refund the transfer',
    remind_transfer: '409', upload_transfer_proof: NO_PROOF, expire: '409', confirm: '409', prepare: '=', send_out: '409', deliver: '409', cancel: S.Cancelled,
  },
  [S.Paid]: {
    ...NOT_CARD, record_transfer: '409: This order is already paid', remind_transfer: '409', upload_transfer_proof: NO_PROOF, expire: '409', confirm: '409', prepare: '=',
    send_out: S.OutForDelivery, deliver: S.Delivered, cancel: S.RefundDue,
  },
};

function bankOrder(state: OrderState, reminded = false): OrderFacts {
  const paid = state === S.Paid;
  return { state, method: 'bank_transfer', isInPerson: false, isPaid: paid, stockState: state === S.Expired ? 'released' : paid ? 'committed' : 'reserved', deliveryStatus: DeliveryStatus.Preparing, held: false, reminded };
}

function answer(facts: OrderFacts, action: OrderAction): string {
  const decision = decide(facts, action);
  if (!decision.allowed) return `${decision.refusal.kind === 'conflict' ? 409 : 400}: ${decision.refusal.message}`;
  return decision.changes ? decision.to : '=';
}

function matches(actual: string, expected: string): boolean {
  return expected === '409' ? actual.startsWith('409: ') : actual === expected;
}

describe('the order lifecycle table', () => {
  const rows = (inPerson: boolean, states: OrderState[]): Array<[string, OrderFacts]> => [
    ...states.map((state): [string, OrderFacts] => [state, order(state, inPerson)]),
    ...(inPerson ? [['in_person (confirmed)', order(S.InPerson, true, true)] as [string, OrderFacts]] : []),
  ];
  const bankRows: Array<[string, OrderFacts]> = [
    [S.AwaitingTransfer, bankOrder(S.AwaitingTransfer)],
    ['awaiting_transfer (reminded)', bankOrder(S.AwaitingTransfer, true)],
    [S.Expired, bankOrder(S.Expired)],
    [S.Paid, bankOrder(S.Paid)],
  ];
  describe.each([
    ['card', rows(false, CARD_STATES), CARD],
    ['in-person', rows(true, IN_PERSON_STATES), IN_PERSON],
    ['bank-transfer', bankRows, BANK],
  ] as const)('a %s order', (_kind, states, expected) => {
    it.each(states.flatMap(([label, facts]) => ACTIONS.map((action) => [label, action, facts] as const)))('in %s, %s', (state, action, facts) => {
      const actual = answer(facts, action);
      const want = expected[state][action];
      expect({ state, action, answer: matches(actual, want) ? want : actual }).toEqual({ state, action, answer: want });
    });
  });

  it('a bank-transfer order starts held, is reminded once (an event, no state change), expires giving its stock back, and is paid by the owner', () => {
    const place = decide({ ...bankOrder(S.AwaitingTransfer), state: S.AwaitingTransfer }, A.RemindTransfer);
    expect(place.allowed && [place.to, place.patch, place.events, place.changes]).toEqual([S.AwaitingTransfer, { remind: true }, [OrderEvent.TransferReminder], true]);
    const expire = decide(bankOrder(S.AwaitingTransfer), A.Expire);
    expect(expire.allowed && [expire.to, expire.stock, expire.releaseDiscount]).toEqual([S.Expired, 'release', true]);
    const paid = decide(bankOrder(S.AwaitingTransfer, true), A.RecordTransfer);
    expect(paid.allowed && [paid.to, paid.patch, paid.events, paid.stock]).toEqual([S.Paid, { payment: 'paid', recordPayment: true }, [OrderEvent.Paid], 'commit']);
    expect(allowedActions(bankOrder(S.AwaitingTransfer))).toEqual([A.RecordTransfer, A.Cancel]);
    const stateOf = (payment_state: 'pending' | 'paid' | 'expired') =>
      stateFromColumns({ payment_method: 'bank_transfer', is_in_person: false, is_paid: payment_state === 'paid', payment_state, delivery_status: DeliveryStatus.Preparing, cancelled: false, refunded: false, stock_short: false });
    expect([stateOf('pending'), stateOf('paid'), stateOf('expired')]).toEqual([S.AwaitingTransfer, S.Paid, S.Expired]);
  });

  it('covers every action of the table in the matrices above', () => {
    expect(TRANSITIONS.map((t) => t.action).filter((a) => a !== A.Place)).toEqual(ACTIONS);
  });

  it('cancelling gives the stock back once: a reservation is released, a sale returned, nothing twice', () => {
    const unpaid = decide(order(S.AwaitingPayment, false), A.Cancel);
    const cash = decide(order(S.InPerson, true), A.Cancel);
    const paid = decide(order(S.Paid, false), A.Cancel);
    expect([unpaid, cash, paid].map((d) => d.allowed && d.stock)).toEqual(['release', 'release', 'return']);
    expect([unpaid, cash, paid].map((d) => d.allowed && d.events)).toEqual([[OrderEvent.Cancelled], [OrderEvent.Cancelled], [OrderEvent.Cancelled]]);
    // A failed order's reservation was already released: nothing more to give back.
    const failed = decide({ ...order(S.PaymentFailed, false), stockState: 'released' }, A.Cancel);
    expect(failed.allowed && failed.stock).toBeNull();
  });

  it('delivering an in-person order records its cash and commits its stock; a card delivery does neither', () => {
    const cash = decide(order(S.InPerson, true), A.Deliver);
    expect(cash.allowed && [cash.patch.recordPayment, cash.events, cash.stock]).toEqual([true, [OrderEvent.StatusChanged, OrderEvent.Paid], 'commit']);
    const card = decide(order(S.OutForDelivery, false), A.Deliver);
    expect(card.allowed && [card.patch.recordPayment, card.events, card.stock]).toEqual([undefined, [OrderEvent.StatusChanged], null]);
  });

  it('a payment after a cancel is money to pay back, and takes no stock', () => {
    const late = decide(order(S.Cancelled, false), A.Pay);
    expect(late.allowed && [late.to, late.patch, late.stock]).toEqual([S.RefundDue, { payment: 'paid', recordPayment: true }, null]);
  });

  it("gives a discount code's use back exactly when the order will not be sold: expiry, a declined payment, a cancel", () => {
    const releasing = TRANSITIONS.filter((t) => t.releasesDiscount).map((t) => t.action);
    expect(releasing).toEqual([A.Decline, A.Expire, A.Cancel]);
    const moves: Array<[OrderState, boolean, OrderAction]> = [
      [S.AwaitingPayment, false, A.Expire],
      [S.AwaitingPayment, false, A.Decline],
      [S.AwaitingPayment, false, A.Cancel],
      [S.InPerson, true, A.Cancel],
      [S.InPerson, true, A.Expire],
      [S.Paid, false, A.Cancel],
    ];
    for (const [state, inPerson, action] of moves) {
      const d = decide(order(state, inPerson), action);
      expect(d.allowed && d.releaseDiscount).toBe(true);
    }
    // A payment, a delivery or a repeat that changes nothing keeps the use.
    for (const d of [decide(order(S.AwaitingPayment, false), A.Pay), decide(order(S.InPerson, true), A.Deliver), decide(order(S.OutForDelivery, false), A.SendOut)]) {
      expect(d.allowed && d.releaseDiscount).toBe(false);
    }
  });

  it('a late payment whose stock was sold is paid, out of stock: no stock move; fulfilling commits it; cancelling owes the refund and moves no stock', () => {
    const late = decide(order(S.Expired, false), A.PayWithoutStock);
    expect(late.allowed && [late.to, late.patch, late.events, late.stock, late.releaseDiscount]).toEqual([
      S.PaidOutOfStock,
      { payment: 'paid', recordPayment: true, stockShort: true },
      [OrderEvent.Paid],
      null,
      false,
    ]);
    const fulfil = decide(order(S.PaidOutOfStock, false), A.Fulfil);
    expect(fulfil.allowed && [fulfil.to, fulfil.patch, fulfil.stock]).toEqual([S.Paid, { stockShort: false }, 'commit']);
    const cancel = decide(order(S.PaidOutOfStock, false), A.Cancel);
    expect(cancel.allowed && [cancel.to, cancel.stock]).toEqual([S.RefundDue, null]);
    // The normal payment of an order whose reservation still holds is a sale as before.
    const onTime = decide(order(S.AwaitingPayment, false), A.Pay);
    expect(onTime.allowed && [onTime.to, onTime.stock]).toEqual([S.Paid, 'commit']);
  });

  it("an in-person order's timed hold ends when the owner confirms, sends out or delivers it; an unconfirmed one expires and gives its stock back", () => {
    const confirm = decide(order(S.InPerson, true), A.Confirm);
    expect(confirm.allowed && [confirm.to, confirm.patch, confirm.changes, confirm.stock]).toEqual([S.InPerson, { confirm: true }, true, null]);
    for (const action of [A.SendOut, A.Deliver]) {
      const d = decide(order(S.InPerson, true), action);
      expect(d.allowed && d.patch.confirm).toBe(true);
      const confirmed = decide(order(S.InPerson, true, true), action);
      expect(confirmed.allowed && confirmed.patch.confirm).toBeUndefined();
    }
    const expire = decide(order(S.InPerson, true), A.Expire);
    expect(expire.allowed && [expire.to, expire.patch, expire.events, expire.stock]).toEqual([S.Expired, { payment: 'expired' }, [OrderEvent.PaymentFailed], 'release']);
    expect(decide(order(S.InPerson, true, true), A.Expire).allowed).toBe(false);
  });

  it('an action that changes nothing writes no event', () => {
    const again = decide(order(S.OutForDelivery, false), A.SendOut);
    expect(again.allowed && [again.changes, again.events, again.stock]).toEqual([false, [], null]);
  });

  it("names the owner's actions an order can take, for the admin's controls (never the provider's or the system's)", () => {
    expect(allowedActions(order(S.Cancelled, false))).toEqual([]);
    expect(allowedActions(order(S.Paid, false))).toEqual([A.Prepare, A.SendOut, A.Deliver, A.Cancel]);
    expect(allowedActions(order(S.RefundDue, false))).toEqual([A.RecordRefund]);
    expect(allowedActions(order(S.Delivered, true))).toEqual([A.Prepare, A.SendOut, A.Deliver]);
    expect(allowedActions(order(S.PaidOutOfStock, false))).toEqual([A.Fulfil, A.Cancel]);
    expect(allowedActions(order(S.InPerson, true))).toEqual([A.Confirm, A.Prepare, A.SendOut, A.Deliver, A.Cancel]);
    expect(allowedActions(order(S.InPerson, true, true))).toEqual([A.Prepare, A.SendOut, A.Deliver, A.Cancel]);
    expect(allowedActions(order(S.Expired, true))).toEqual([A.Cancel]);
    // Issue 29: an unpaid card order can have a card payment recorded by the owner (a late one, out of stock too).
    expect(allowedActions(order(S.AwaitingPayment, false))).toEqual([A.RecordCardPayment, A.Prepare, A.Cancel]);
    expect(allowedActions(order(S.Expired, false))).toEqual([A.RecordCardPayment, A.RecordCardPaymentWithoutStock, A.Prepare, A.Cancel]);
  });

  it('maps the select to actions, the old columns to a state, and every state to at most one tab', () => {
    expect([DeliveryStatus.Preparing, DeliveryStatus.PreparingInPerson, DeliveryStatus.OutForDelivery, DeliveryStatus.Delivered].map(actionForStatus)).toEqual([
      A.Prepare,
      A.Prepare,
      A.SendOut,
      A.Deliver,
    ]);
    const plain = { is_paid: false, cancelled: false, refunded: false, stock_short: false };
    expect(stateFromColumns({ ...plain, is_in_person: false, payment_state: 'pending', delivery_status: DeliveryStatus.Preparing })).toBe(S.AwaitingPayment);
    expect(stateFromColumns({ ...plain, is_paid: true, is_in_person: false, payment_state: 'paid', delivery_status: DeliveryStatus.OutForDelivery })).toBe(S.OutForDelivery);
    expect(stateFromColumns({ ...plain, is_in_person: true, payment_state: 'in_person', delivery_status: DeliveryStatus.PreparingInPerson })).toBe(S.InPerson);
    const listed = Object.entries(TAB_STATES).filter(([tab]) => tab !== OrderTab.All).flatMap(([, states]) => states ?? []);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("leads every allowed move's columns to the state the table decided (the database computes the state from them)", () => {
    const checked: string[] = [];
    for (const [inPerson, states] of [
      [false, CARD_STATES],
      [true, IN_PERSON_STATES],
    ] as const) {
      for (const state of states) {
        expect({ state, inPerson, derived: stateFromColumns(columns(state, inPerson)) }).toEqual({ state, inPerson, derived: state });
        for (const action of ACTIONS) {
          const decision = decide(order(state, inPerson), action);
          if (!decision.allowed) continue;
          const after = stateFromColumns(applyPatch(columns(state, inPerson), decision.patch));
          expect({ state, action, inPerson, after }).toEqual({ state, action, inPerson, after: decision.to });
          checked.push(`${state}:${action}`);
        }
      }
    }
    expect(checked.length).toBeGreaterThan(30);
  });
});

import { DeliveryStatus, OrderAction, OrderEvent, OrderState, OrderTab } from '@shop/contracts';
import { actionForStatus, allowedActions, applyPatch, decide, type OrderFacts, type StateColumns, stateFromColumns, TAB_STATES, TRANSITIONS } from './order-lifecycle';

const S = OrderState;
const A = OrderAction;

/** A typical order in each state: how it is paid, whether money was taken, and where its stock is. */
function order(state: OrderState, isInPerson: boolean): OrderFacts {
  const paidCard = !isInPerson && ([S.Paid, S.OutForDelivery, S.Delivered, S.RefundDue, S.Refunded] as OrderState[]).includes(state);
  const paidCash = isInPerson && ([S.Delivered, S.RefundDue, S.Refunded] as OrderState[]).includes(state);
  const deliveryStatus =
    state === S.OutForDelivery ? DeliveryStatus.OutForDelivery : state === S.Delivered ? DeliveryStatus.Delivered : isInPerson ? DeliveryStatus.PreparingInPerson : DeliveryStatus.Preparing;
  const stockState = paidCard || state === S.Delivered ? 'committed' : ([S.PaymentFailed, S.Expired, S.Cancelled] as OrderState[]).includes(state) ? 'released' : 'reserved';
  return { state, isInPerson, isPaid: paidCard || paidCash, stockState, deliveryStatus };
}

/** The columns of a typical order in each state (the generated `state` column is computed from these). */
function columns(state: OrderState, isInPerson: boolean): StateColumns {
  const facts = order(state, isInPerson);
  const cancelled = ([S.Cancelled, S.RefundDue, S.Refunded] as OrderState[]).includes(state);
  const payment = isInPerson
    ? 'in_person'
    : state === S.PaymentFailed
      ? 'failed'
      : state === S.Expired
        ? 'expired'
        : facts.isPaid
          ? 'paid'
          : 'pending';
  return { is_in_person: isInPerson, is_paid: facts.isPaid, payment_state: payment, delivery_status: facts.deliveryStatus, cancelled, refunded: state === S.Refunded };
}

const CARD_STATES: OrderState[] = [S.AwaitingPayment, S.PaymentFailed, S.Expired, S.Paid, S.OutForDelivery, S.Delivered, S.Cancelled, S.RefundDue, S.Refunded];
const IN_PERSON_STATES: OrderState[] = [S.InPerson, S.OutForDelivery, S.Delivered, S.Cancelled, S.RefundDue, S.Refunded];
const ACTIONS = [A.Pay, A.Decline, A.Expire, A.Prepare, A.SendOut, A.Deliver, A.Cancel, A.RecordRefund];

/**
 * The expected answer of every (state, action) pair, written out by hand: the state it leads to, '=' for an
 * allowed action that changes nothing, or the refusal ('409: message' or '400: message').
 */
const CARD: Record<string, Record<string, string>> = {
  [S.AwaitingPayment]: {
    pay: S.Paid, decline: S.PaymentFailed, expire: S.Expired, prepare: '=',
    send_out: '409: An unpaid card order cannot be sent out or delivered', deliver: '409: An unpaid card order cannot be sent out or delivered',
    cancel: S.Cancelled, record_refund: '409: Only a cancelled paid order can have its refund recorded',
  },
  [S.PaymentFailed]: {
    pay: S.Paid, decline: '409', expire: '409', prepare: '=',
    send_out: '409: An unpaid card order cannot be sent out or delivered', deliver: '409: An unpaid card order cannot be sent out or delivered',
    cancel: S.Cancelled, record_refund: '409',
  },
  [S.Expired]: {
    pay: S.Paid, decline: '409', expire: '409', prepare: '=',
    send_out: '409: An unpaid card order cannot be sent out or delivered', deliver: '409: An unpaid card order cannot be sent out or delivered',
    cancel: S.Cancelled, record_refund: '409',
  },
  [S.Paid]: {
    pay: '409: This order is already paid', decline: '409', expire: '409', prepare: '=', send_out: S.OutForDelivery, deliver: S.Delivered,
    cancel: S.RefundDue, record_refund: '409',
  },
  [S.OutForDelivery]: {
    pay: '409: This order is already paid', decline: '409', expire: '409', prepare: S.Paid, send_out: '=', deliver: S.Delivered,
    cancel: '409: This order is already out for delivery', record_refund: '409',
  },
  [S.Delivered]: {
    pay: '409: This order is already paid', decline: '409', expire: '409', prepare: S.Paid, send_out: S.OutForDelivery, deliver: '=',
    cancel: '409: This order is already delivered', record_refund: '409',
  },
  [S.Cancelled]: {
    pay: S.RefundDue, decline: '409', expire: '409', prepare: '409: This order is cancelled', send_out: '409: This order is cancelled',
    deliver: '409: This order is cancelled', cancel: '409: This order is cancelled', record_refund: '409: Only a cancelled paid order can have its refund recorded',
  },
  [S.RefundDue]: {
    pay: '409: This order is already paid', decline: '409', expire: '409', prepare: '409: This order is cancelled', send_out: '409', deliver: '409',
    cancel: '409: This order is cancelled', record_refund: S.Refunded,
  },
  [S.Refunded]: {
    pay: '409', decline: '409', expire: '409', prepare: '409: This order is cancelled and refunded', send_out: '409', deliver: '409',
    cancel: '409: This order is cancelled and refunded', record_refund: '409',
  },
};

const IN_PERSON: Record<string, Record<string, string>> = {
  [S.InPerson]: {
    pay: '409: This order is paid in person', decline: '409', expire: '409', prepare: '=', send_out: S.OutForDelivery, deliver: S.Delivered,
    cancel: S.Cancelled, record_refund: '409',
  },
  [S.OutForDelivery]: {
    pay: '409: This order is paid in person', decline: '409', expire: '409', prepare: S.InPerson, send_out: '=', deliver: S.Delivered,
    cancel: '409: This order is already out for delivery', record_refund: '409',
  },
  [S.Delivered]: {
    pay: '409', decline: '409', expire: '409', prepare: S.InPerson, send_out: S.OutForDelivery, deliver: '=',
    cancel: '409: This order is already delivered', record_refund: '409',
  },
  [S.Cancelled]: { pay: '409', decline: '409', expire: '409', prepare: '409', send_out: '409', deliver: '409', cancel: '409', record_refund: '409' },
  [S.RefundDue]: { pay: '409', decline: '409', expire: '409', prepare: '409', send_out: '409', deliver: '409', cancel: '409', record_refund: S.Refunded },
  [S.Refunded]: { pay: '409', decline: '409', expire: '409', prepare: '409', send_out: '409', deliver: '409', cancel: '409', record_refund: '409' },
};

function answer(facts: OrderFacts, action: OrderAction): string {
  const decision = decide(facts, action);
  if (!decision.allowed) return `${decision.refusal.kind === 'conflict' ? 409 : 400}: ${decision.refusal.message}`;
  return decision.changes ? decision.to : '=';
}

function matches(actual: string, expected: string): boolean {
  return expected === '409' ? actual.startsWith('409: ') : actual === expected;
}

describe('the order lifecycle table', () => {
  describe.each([
    ['card', false, CARD_STATES, CARD],
    ['in-person', true, IN_PERSON_STATES, IN_PERSON],
  ] as const)('a %s order', (_kind, inPerson, states, expected) => {
    it.each(states.flatMap((state) => ACTIONS.map((action) => [state, action] as const)))('in %s, %s', (state, action) => {
      const actual = answer(order(state, inPerson), action);
      const want = expected[state][action];
      expect({ state, action, answer: matches(actual, want) ? want : actual }).toEqual({ state, action, answer: want });
    });
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

  it('an action that changes nothing writes no event', () => {
    const again = decide(order(S.OutForDelivery, false), A.SendOut);
    expect(again.allowed && [again.changes, again.events, again.stock]).toEqual([false, [], null]);
  });

  it("names the owner's actions an order can take, for the admin's controls (never the provider's or the system's)", () => {
    expect(allowedActions(order(S.Cancelled, false))).toEqual([]);
    expect(allowedActions(order(S.Paid, false))).toEqual([A.Prepare, A.SendOut, A.Deliver, A.Cancel]);
    expect(allowedActions(order(S.RefundDue, false))).toEqual([A.RecordRefund]);
    expect(allowedActions(order(S.Delivered, true))).toEqual([A.Prepare, A.SendOut, A.Deliver]);
  });

  it('maps the select to actions, the old columns to a state, and every state to at most one tab', () => {
    expect([DeliveryStatus.Preparing, DeliveryStatus.PreparingInPerson, DeliveryStatus.OutForDelivery, DeliveryStatus.Delivered].map(actionForStatus)).toEqual([
      A.Prepare,
      A.Prepare,
      A.SendOut,
      A.Deliver,
    ]);
    const plain = { is_paid: false, cancelled: false, refunded: false };
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

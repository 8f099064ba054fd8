import { DeliveryStatus, OrderAction, type OrderActor, OrderEvent, OrderState, OrderTab, type PaymentMethod, TransferProofMessage } from '@shop/contracts';

/**
 * The order lifecycle: every state an order can be in, every action that moves it, and what each move
 * changes. Pure code: the services ask `decide()` and carry out its answer in one transaction; the admin
 * tabs, the sidebar badge, the sweeper and the stock reconciliation read their state lists from here.
 * One more state or action is one more entry below (Vendure's order process is the model).
 */

/** Payment as the order's older columns record it. */
export type PaymentColumn = 'pending' | 'paid' | 'failed' | 'expired' | 'in_person';
export type StockState = 'reserved' | 'committed' | 'released' | 'returned';

/** What a transition needs to know of the order. */
export interface OrderFacts {
  state: OrderState;
  /** Card, in person (pay on delivery) or bank transfer (issue 29); absent: card or in person as `isInPerson` says. */
  method?: PaymentMethod;
  isInPerson: boolean;
  isPaid: boolean;
  stockState: StockState;
  deliveryStatus: DeliveryStatus;
  /** An in-person order whose stock is held only until a time (not yet confirmed by the owner, sent out or delivered). */
  held: boolean;
  /** A bank-transfer order whose shopper was reminded before its hold ends (issue 29). */
  reminded?: boolean;
}

/** The order's other columns a move sets, beside its state. */
export interface OrderPatch {
  payment?: PaymentColumn;
  deliveryStatus?: DeliveryStatus;
  /** Records the money as taken (is_paid, paid_at). */
  recordPayment?: boolean;
  /** Records the cancel (cancelled_at). */
  cancel?: boolean;
  /** Records the refund (refunded_at). */
  refund?: boolean;
  /** Ends an in-person order's timed hold (hold_until cleared): its stock stays until it is delivered or cancelled. */
  confirm?: boolean;
  /** Marks (true) or clears (false) a paid order's stock as gone (stock_short). */
  stockShort?: boolean;
  /** Records the bank-transfer reminder as sent (transfer_reminded_at). */
  remind?: boolean;
  /** A proof of transfer the shopper uploaded (issue 29): a line on the timeline, nothing else moves. */
  proof?: boolean;
}

/** What happens to the order's stock after the move commits. */
export type StockEffect = 'commit' | 'release' | 'return' | null;

/** Why an action is refused: 'invalid' is the caller's mistake (400), 'conflict' the order's state (409). */
export interface Refusal {
  kind: 'invalid' | 'conflict';
  message: string;
}

export interface Transition {
  action: OrderAction;
  /** The states the action may start from. */
  from: readonly OrderState[];
  /** Card orders, in-person orders, bank-transfer orders; absent: any. */
  orders?: PaymentMethod;
  to: (order: OrderFacts) => OrderState;
  /** A refusal the table gives beyond `from` (its message is what the owner reads). */
  guard?: (order: OrderFacts) => Refusal | null;
  patch?: (order: OrderFacts) => OrderPatch;
  /** Events written to the outbox in the move's transaction. */
  events: (order: OrderFacts) => OrderEvent[];
  stock?: (order: OrderFacts) => StockEffect;
  /** The order's discount code use is given back (in the move's transaction): the order will not be sold. */
  releasesDiscount?: boolean;
  /** Who may take the action. */
  actors: readonly OrderActor[];
}

const S = OrderState;
const UNPAID_CARD = [S.AwaitingPayment, S.PaymentFailed, S.Expired] as const;
/** Unpaid card orders whose reservation was given back: a payment now takes the stock again, or finds it sold. */
const LATE_CARD = [S.PaymentFailed, S.Expired] as const;
/** States in which the owner prepares, sends out or delivers. */
const FULFILMENT = [S.Paid, S.InPerson, S.OutForDelivery, S.Delivered] as const;
const NOT_FOR_UNPAID: Refusal = { kind: 'conflict', message: 'An unpaid card order cannot be sent out or delivered' };
const EXPIRED_IN_PERSON: Refusal = { kind: 'conflict', message: 'This order expired unconfirmed and its items went back on sale' };

/** Preparing, sending out and delivering: never an unpaid card order past preparing, never an expired in-person order. */
const fulfilmentGuard =
  (unpaidAllowed: boolean) =>
  (order: OrderFacts): Refusal | null => {
    if (order.isInPerson && order.state === S.Expired) return EXPIRED_IN_PERSON;
    return !unpaidAllowed && !order.isInPerson && !order.isPaid ? NOT_FOR_UNPAID : null;
  };
/** Sending out or delivering an in-person order ends its timed hold: the shop is acting on it. */
const endsHold = (order: OrderFacts): true | undefined => (order.held ? true : undefined);

const preparing = (order: OrderFacts) => (order.isInPerson ? S.InPerson : S.Paid);
const preparingStatus = (order: OrderFacts) => (order.isInPerson ? DeliveryStatus.PreparingInPerson : DeliveryStatus.Preparing);
/** A card payment taken: the money recorded and the shopper told; `paidShortPatch` when its stock was sold meanwhile. */
const paidPatch = (): OrderPatch => ({ payment: 'paid', recordPayment: true });
const paidShortPatch = (): OrderPatch => ({ ...paidPatch(), stockShort: true });
const paidEvents = (): OrderEvent[] => [OrderEvent.Paid];
/** Stock held for the order goes back: a reservation is released, a sale is returned to the shelf. */
const giveStockBack = (order: OrderFacts): StockEffect => (order.stockState === 'reserved' ? 'release' : order.stockState === 'committed' ? 'return' : null);

/** The table. */
export const TRANSITIONS: readonly Transition[] = [
  {
    action: OrderAction.Place,
    from: [],
    to: (order) => initialState(methodOf(order)),
    events: () => [OrderEvent.Placed],
    actors: ['shopper'],
  },
  {
    // A late success after a decline or expiry is still money taken; after a cancel it is money to pay back.
    action: OrderAction.Pay,
    from: [...UNPAID_CARD, S.Cancelled],
    orders: 'card',
    to: (order) => (order.state === S.Cancelled ? S.RefundDue : S.Paid),
    patch: paidPatch,
    events: paidEvents,
    stock: (order) => (order.state === S.Cancelled ? null : 'commit'),
    actors: ['payment_provider'],
  },
  {
    // The service found the order's stock gone (released, and sold meanwhile): the money is taken, the goods are not.
    action: OrderAction.PayWithoutStock,
    from: LATE_CARD,
    orders: 'card',
    to: () => S.PaidOutOfStock,
    patch: paidShortPatch,
    events: paidEvents,
    actors: ['payment_provider'],
  },
  {
    // Issue 29: the owner records a payment WiPay shows whose redirect never came (checked by the payment service
    // as a redirect is). Not after a cancel: the owner cancelled knowing the order, and refunds from WiPay.
    action: OrderAction.RecordCardPayment,
    from: UNPAID_CARD,
    orders: 'card',
    to: () => S.Paid,
    patch: paidPatch,
    events: paidEvents,
    stock: () => 'commit',
    actors: ['owner'],
  },
  {
    // The owner's record for an order whose released stock was sold meanwhile, as PayWithoutStock.
    action: OrderAction.RecordCardPaymentWithoutStock,
    from: LATE_CARD,
    orders: 'card',
    to: () => S.PaidOutOfStock,
    patch: paidShortPatch,
    events: paidEvents,
    actors: ['owner'],
  },
  {
    // Issue 29: the owner saw the transfer in the shop's bank account (amount, date and bank reference on the
    // timeline; a partial or excess amount is flagged by the service). The order is held until then, so its stock is there.
    action: OrderAction.RecordTransfer,
    from: [S.AwaitingTransfer],
    orders: 'bank_transfer',
    to: () => S.Paid,
    patch: paidPatch,
    events: paidEvents,
    stock: () => 'commit',
    actors: ['owner'],
  },
  {
    // Issue 29: before a bank-transfer order's hold ends the shopper is reminded, once; the order stays where it is.
    action: OrderAction.RemindTransfer,
    from: [S.AwaitingTransfer],
    orders: 'bank_transfer',
    to: () => S.AwaitingTransfer,
    guard: (order) => (order.reminded ? { kind: 'conflict', message: 'The shopper was already reminded' } : null),
    patch: () => ({ remind: true }),
    events: () => [OrderEvent.TransferReminder],
    actors: ['system'],
  },
  {
    // Issue 29: the shopper sends a photo or PDF of her transfer; the owner checks it before marking the order paid.
    action: OrderAction.UploadTransferProof,
    from: [S.AwaitingTransfer],
    orders: 'bank_transfer',
    to: () => S.AwaitingTransfer,
    patch: () => ({ proof: true }),
    events: () => [],
    actors: ['shopper'],
  },
  {
    // The owner restocked: the service took the stock again before asking, so the order is a sale like any paid one.
    action: OrderAction.Fulfil,
    from: [S.PaidOutOfStock],
    orders: 'card',
    to: () => S.Paid,
    patch: () => ({ stockShort: false }),
    events: () => [OrderEvent.StatusChanged],
    stock: () => 'commit',
    actors: ['owner'],
  },
  {
    action: OrderAction.Decline,
    from: [S.AwaitingPayment],
    orders: 'card',
    to: () => S.PaymentFailed,
    patch: () => ({ payment: 'failed' }),
    events: () => [OrderEvent.PaymentFailed],
    stock: () => 'release',
    releasesDiscount: true,
    actors: ['payment_provider'],
  },
  {
    // An unpaid card order at the end of its reservation; an in-person order the owner did not confirm in time; a
    // bank-transfer order whose transfer was not recorded before its hold ended (issue 29).
    action: OrderAction.Expire,
    from: [S.AwaitingPayment, S.InPerson, S.AwaitingTransfer],
    to: () => S.Expired,
    guard: (order) => (order.isInPerson && !order.held ? { kind: 'conflict', message: 'This order is confirmed: its items are held until it is delivered or cancelled' } : null),
    patch: () => ({ payment: 'expired' }),
    events: () => [OrderEvent.PaymentFailed],
    stock: () => 'release',
    releasesDiscount: true,
    actors: ['system'],
  },
  {
    // Ends the timed hold of an in-person order: the owner has spoken to the shopper and will fulfil it.
    action: OrderAction.Confirm,
    from: [S.InPerson],
    orders: 'in_person',
    to: () => S.InPerson,
    guard: (order) => (order.held ? null : { kind: 'conflict', message: 'This order is already confirmed' }),
    patch: () => ({ confirm: true }),
    events: () => [OrderEvent.StatusChanged],
    actors: ['owner'],
  },
  {
    // Back to preparing; an unpaid card order stays where it is (it is already 'Preparing Order').
    action: OrderAction.Prepare,
    from: [...FULFILMENT, ...UNPAID_CARD],
    to: (order) => (order.isInPerson || order.isPaid ? preparing(order) : order.state),
    guard: fulfilmentGuard(true),
    patch: (order) => ({ deliveryStatus: preparingStatus(order) }),
    events: () => [OrderEvent.StatusChanged],
    actors: ['owner'],
  },
  {
    action: OrderAction.SendOut,
    from: [...FULFILMENT, ...UNPAID_CARD],
    to: () => S.OutForDelivery,
    guard: fulfilmentGuard(false),
    patch: (order) => ({ deliveryStatus: DeliveryStatus.OutForDelivery, confirm: endsHold(order) }),
    events: () => [OrderEvent.StatusChanged],
    actors: ['owner'],
  },
  {
    // Delivering an in-person order records its cash, and its reservation becomes a sale.
    action: OrderAction.Deliver,
    from: [...FULFILMENT, ...UNPAID_CARD],
    to: () => S.Delivered,
    guard: fulfilmentGuard(false),
    patch: (order) => ({
      deliveryStatus: DeliveryStatus.Delivered,
      recordPayment: order.isInPerson && !order.isPaid ? true : undefined,
      confirm: endsHold(order),
    }),
    events: (order) => (order.isInPerson && !order.isPaid ? [OrderEvent.StatusChanged, OrderEvent.Paid] : [OrderEvent.StatusChanged]),
    stock: (order) => (order.isInPerson ? 'commit' : null),
    actors: ['owner'],
  },
  {
    // Not once it has left the shop. Money taken (a card, or cash recorded) is then due back.
    action: OrderAction.Cancel,
    from: [...UNPAID_CARD, S.Paid, S.InPerson, S.PaidOutOfStock, S.AwaitingTransfer],
    to: (order) => (order.isPaid ? S.RefundDue : S.Cancelled),
    patch: () => ({ cancel: true }),
    events: () => [OrderEvent.Cancelled],
    stock: giveStockBack,
    releasesDiscount: true,
    actors: ['owner'],
  },
  {
    action: OrderAction.RecordRefund,
    from: [S.RefundDue],
    to: () => S.Refunded,
    patch: () => ({ refund: true }),
    events: () => [OrderEvent.Refunded],
    actors: ['owner'],
  },
];

const BY_ACTION = new Map(TRANSITIONS.map((t) => [t.action, t]));

/** The answer to "may this order take this action, and what does it change". */
export type Decision =
  | { allowed: false; refusal: Refusal }
  | { allowed: true; from: OrderState; to: OrderState; patch: OrderPatch; events: OrderEvent[]; stock: StockEffect; releaseDiscount: boolean; changes: boolean };

const REFUSED_IN: Partial<Record<OrderState, string>> = {
  [S.Cancelled]: 'This order is cancelled',
  [S.RefundDue]: 'This order is cancelled',
  [S.Refunded]: 'This order is cancelled and refunded',
  [S.Delivered]: 'This order is already delivered',
  [S.OutForDelivery]: 'This order is already out for delivery',
  [S.PaidOutOfStock]: "This order's items are out of stock: restock and fulfil it, or cancel it",
};

function refusalFor(action: OrderAction, order: OrderFacts): Refusal {
  // The shopper reads this one: whatever the order's state, no proof is needed any more.
  if (action === OrderAction.UploadTransferProof) return { kind: 'conflict', message: TransferProofMessage.Closed };
  if (action === OrderAction.RecordRefund) return { kind: 'conflict', message: 'Only a cancelled paid order can have its refund recorded' };
  if (action === OrderAction.Fulfil) return { kind: 'conflict', message: 'Only a paid order that is out of stock can be fulfilled after a restock' };
  if (action === OrderAction.Confirm && order.isInPerson && order.state === S.InPerson) return { kind: 'conflict', message: 'This order is already confirmed' };
  if (action === OrderAction.Confirm && !order.isInPerson) return { kind: 'conflict', message: 'Only a pay-in-person order is confirmed by the shop' };
  if (action === OrderAction.RecordTransfer && methodOf(order) !== 'bank_transfer') return { kind: 'conflict', message: 'Only a bank-transfer order is marked paid by transfer' };
  if (action === OrderAction.RecordTransfer && order.isPaid) return { kind: 'conflict', message: 'This order is already paid' };
  if (action === OrderAction.RecordTransfer && order.state === S.Expired) {
    return { kind: 'conflict', message: 'This order expired and its items went back on sale: ask the shopper to order again, or refund the transfer' };
  }
  const paying = action === OrderAction.Pay || action === OrderAction.RecordCardPayment;
  if (paying && order.isInPerson) return { kind: 'conflict', message: 'This order is paid in person' };
  if (paying && order.isPaid) return { kind: 'conflict', message: 'This order is already paid' };
  return { kind: 'conflict', message: REFUSED_IN[order.state] ?? `This order cannot be moved from '${order.state}' by '${action}'` };
}

/** Decides an action for an order: refused (with the reason), or the new state and everything the move changes. */
export function decide(order: OrderFacts, action: OrderAction): Decision {
  const transition = BY_ACTION.get(action);
  if (!transition) return { allowed: false, refusal: { kind: 'invalid', message: `Unknown order action '${action}'` } };
  const kind = methodOf(order);
  if ((transition.orders && transition.orders !== kind) || !transition.from.includes(order.state)) {
    return { allowed: false, refusal: refusalFor(action, order) };
  }
  const guarded = transition.guard?.(order);
  if (guarded) return { allowed: false, refusal: guarded };
  const to = transition.to(order);
  const patch = transition.patch?.(order) ?? {};
  const changes =
    to !== order.state ||
    (patch.deliveryStatus !== undefined && patch.deliveryStatus !== order.deliveryStatus) ||
    patch.recordPayment === true ||
    (patch.confirm === true && order.held) ||
    (patch.remind === true && order.reminded !== true) ||
    patch.proof === true;
  return {
    allowed: true,
    from: order.state,
    to,
    patch,
    events: changes ? transition.events(order) : [],
    stock: changes ? (transition.stock?.(order) ?? null) : null,
    releaseDiscount: changes && transition.releasesDiscount === true,
    changes,
  };
}

/** How the order is paid: the facts' method, else card or in person as `isInPerson` says (older callers). */
export function methodOf(order: Pick<OrderFacts, 'method' | 'isInPerson'>): PaymentMethod {
  return order.method ?? (order.isInPerson ? 'in_person' : 'card');
}

/** The state a new order starts in. */
export function initialState(method: PaymentMethod | boolean): OrderState {
  const how = typeof method === 'boolean' ? (method ? 'in_person' : 'card') : method;
  return how === 'in_person' ? S.InPerson : how === 'bank_transfer' ? S.AwaitingTransfer : S.AwaitingPayment;
}

/** Which action moves an order to a delivery status the owner picked (the admin's select). */
export function actionForStatus(status: DeliveryStatus): OrderAction {
  if (status === DeliveryStatus.OutForDelivery) return OrderAction.SendOut;
  if (status === DeliveryStatus.Delivered) return OrderAction.Deliver;
  return OrderAction.Prepare;
}

/** The actions the owner can take on an order now (the admin shows only these controls). */
export function allowedActions(order: OrderFacts): OrderAction[] {
  return TRANSITIONS.filter((t) => t.actors.includes('owner') && decide(order, t.action).allowed).map((t) => t.action);
}

/** The states each admin tab lists (product-rules section 5). `null`: every order. */
export const TAB_STATES: Record<OrderTab, readonly OrderState[] | null> = {
  [OrderTab.InPerson]: [S.InPerson],
  [OrderTab.Card]: [S.Paid],
  [OrderTab.Delivering]: [S.OutForDelivery],
  [OrderTab.Delivered]: [S.Delivered],
  [OrderTab.All]: null,
  [OrderTab.Unpaid]: [...UNPAID_CARD, S.AwaitingTransfer],
  [OrderTab.OutOfStock]: [S.PaidOutOfStock],
};

/** Orders waiting for the owner: to prepare, to send out, a paid order out of stock to settle, or a refund to pay. */
export const BADGE_STATES: readonly OrderState[] = [S.Paid, S.InPerson, S.OutForDelivery, S.PaidOutOfStock, S.RefundDue, S.AwaitingTransfer];

/**
 * Orders that hold stock nobody has paid for or confirmed (a card order waiting for its payment, an in-person
 * order not yet confirmed; the repository adds "hold_until is set" for the in-person ones): what the per-client
 * limits count, and what an in-person hold's expiry looks for.
 */
export const OPEN_HOLD_STATES: readonly OrderState[] = [S.AwaitingPayment, S.InPerson, S.AwaitingTransfer];

/** A card order still waiting for its payment: the sweeper expires it once its reservation has run out. */
export const AWAITING_PAYMENT_STATES: readonly OrderState[] = [S.AwaitingPayment];

/**
 * Where an order's stock should end up, by state (the sweeper re-queues a job when the order's stock_state
 * is behind): a sale commits it, an order that will not be sold gives it back.
 */
export const STOCK_TARGETS = {
  /** Card orders in these states have been paid for: their reservation is a sale. */
  commitCard: [S.Paid, S.OutForDelivery, S.Delivered] as readonly OrderState[],
  /** In-person orders are sold when delivered. */
  commitInPerson: [S.Delivered] as readonly OrderState[],
  /** No sale: a reservation goes back (a committed sale is returned by the cancel itself). */
  release: [S.PaymentFailed, S.Expired, S.Cancelled, S.RefundDue, S.Refunded, S.PaidOutOfStock] as readonly OrderState[],
};

/** The columns an order's state is computed from (the generated column `orders.orders.state`). */
export interface StateColumns {
  /** Absent: card or in person as `is_in_person` says. */
  payment_method?: PaymentMethod;
  is_in_person: boolean;
  is_paid: boolean;
  payment_state: PaymentColumn;
  delivery_status: DeliveryStatus;
  cancelled: boolean;
  refunded: boolean;
  stock_short: boolean;
}

/**
 * The state the columns describe: the same rule as the generated column in the migration
 * (1765100000000-order-lifecycle, redefined in 1766400000000-order-holds), which the repository checks against every decided move.
 */
export function stateFromColumns(row: StateColumns): OrderState {
  if (row.refunded) return S.Refunded;
  if (row.cancelled) return row.is_paid ? S.RefundDue : S.Cancelled;
  if (row.delivery_status === DeliveryStatus.Delivered) return S.Delivered;
  if (row.delivery_status === DeliveryStatus.OutForDelivery) return S.OutForDelivery;
  if (row.is_in_person) return row.payment_state === 'expired' ? S.Expired : S.InPerson;
  if (row.payment_state === 'paid') return row.stock_short ? S.PaidOutOfStock : S.Paid;
  if (row.payment_state === 'failed') return S.PaymentFailed;
  if (row.payment_state === 'expired') return S.Expired;
  return row.payment_method === 'bank_transfer' ? S.AwaitingTransfer : S.AwaitingPayment;
}

/** The columns after a move's patch (what the repository's update does, for the unit test of the table). */
export function applyPatch(row: StateColumns, patch: OrderPatch): StateColumns {
  return {
    ...row,
    payment_state: patch.payment ?? row.payment_state,
    delivery_status: patch.deliveryStatus ?? row.delivery_status,
    is_paid: row.is_paid || patch.recordPayment === true,
    cancelled: row.cancelled || patch.cancel === true,
    refunded: row.refunded || patch.refund === true,
    stock_short: patch.stockShort ?? row.stock_short,
  };
}

/**
 * Orders the owner may archive (issue 26): those that need nothing more from her (delivered, cancelled, refunded,
 * never paid). An archived order leaves the admin's lists and stays in the reports; it can be restored. Orders still
 * waiting for the owner (the badge's states) or for a payment cannot be archived, so nothing to do is hidden.
 */
export const ARCHIVABLE_STATES: readonly OrderState[] = [S.Delivered, S.Cancelled, S.Refunded, S.PaymentFailed, S.Expired];

export const NOT_ARCHIVABLE: Refusal = {
  kind: 'conflict',
  message: 'Only a finished order can be archived: delivered, cancelled, refunded, or never paid',
};

/** Whether the owner may archive the order now. */
export function canArchive(order: Pick<OrderFacts, 'state'>): boolean {
  return ARCHIVABLE_STATES.includes(order.state);
}

/** States of an order that was never sold and never will be: nothing paid, its reservation given back. */
const DELETABLE_STATES: readonly OrderState[] = [S.PaymentFailed, S.Expired, S.Cancelled];

export const NOT_DELETABLE: Refusal = {
  kind: 'conflict',
  message: 'Only an unpaid order that holds no stock can be deleted (payment failed, expired or cancelled). Archive it instead.',
};

/**
 * Whether the owner may delete the order for good (issue 26): only an unpaid order that holds no stock and never
 * sold any, so that nothing the reports or the accounts count is lost. Every order reserves its stock when it is
 * placed; these have given it back (or their release is queued, which a deleted order still owes).
 */
export function canDelete(order: Pick<OrderFacts, 'state' | 'isPaid' | 'stockState'>): boolean {
  return !order.isPaid && DELETABLE_STATES.includes(order.state) && (order.stockState === 'reserved' || order.stockState === 'released');
}

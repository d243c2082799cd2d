import { randomInt, randomUUID } from "node:crypto";
import { db, type Prisma } from "@/lib/db/prisma";
import type { Cart } from "@/lib/store/cart";

/** Where an order's status came from; "check": the store asked Payrail about an open payment and it was gone. */
export type PaymentStatusSource = "start" | "return" | "webhook" | "cancel" | "check";

export type PaymentStatusUpdate = {
  transactionId: string;
  /** `merchant_reference`: finds the order before its transaction id is saved (a webhook can beat the start's response). */
  reference?: string;
  status: string;
  statusReason: string;
  /** Payrail's `last_status_update` of this status. */
  at: Date;
  source: PaymentStatusSource;
  /** When known (webhooks carry it): an amount that is not the order's is not about this order. */
  amount?: number;
};

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const newReference = () => `PC-${Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;

export type CreateOrderOptions = {
  cart: Cart;
  email: string;
  customerName: string;
  customer: Record<string, string>;
  paymentProduct: string;
};

export async function createOrder({ cart, email, customerName, customer, paymentProduct }: CreateOrderOptions) {
  const id = randomUUID();
  for (let attempt = 0; ; attempt++) {
    try {
      return await db().storeOrder.create({
        data: {
          id,
          reference: newReference(),
          email,
          customerName,
          customer,
          subtotal: cart.subtotal,
          shipping: cart.shipping,
          amount: cart.total,
          paymentProduct,
          items: {
            create: cart.lines.map((l) => ({
              id: randomUUID(),
              productId: l.product.id,
              name: l.product.name,
              unitPrice: l.product.price,
              quantity: l.quantity,
            })),
          },
        },
        include: { items: true },
      });
    } catch (err) {
      // 32^6 references: a collision is rare, but the unique index decides.
      if ((err as { code?: string }).code !== "P2002" || attempt >= 3) throw err;
    }
  }
}

export async function attachTransaction(orderId: string, t: { id: string; customer: string; approvalUrl: string }) {
  await db().storeOrder.update({
    where: { id: orderId },
    data: { payrailTransactionId: t.id, payrailCustomerId: t.customer, approvalUrl: t.approvalUrl },
  });
}

/** An order whose payment could not even be started never existed for the shopper. */
export async function deleteUnstartedOrder(orderId: string) {
  await db().storeOrder.deleteMany({ where: { id: orderId, payrailTransactionId: null } });
}

/**
 * Records a payment status on its order unless the order already knows a newer one: webhooks can
 * arrive late or out of order, and the return page may read the status before or after them.
 * One conditional update, so concurrent writers cannot move an order backwards.
 */
export async function applyPaymentStatus(
  update: PaymentStatusUpdate,
  client: Prisma.TransactionClient = db(),
): Promise<boolean> {
  const order = await client.storeOrder.findFirst({
    where: {
      OR: [
        { payrailTransactionId: update.transactionId },
        ...(update.reference ? [{ reference: update.reference, payrailTransactionId: null }] : []),
      ],
    },
    select: { id: true, amount: true },
  });
  if (!order || (update.amount !== undefined && update.amount !== order.amount)) return false;
  const { count } = await client.storeOrder.updateMany({
    where: {
      id: order.id,
      OR: [
        { paymentStatusAt: null },
        { paymentStatusAt: { lt: update.at } },
        { paymentStatusAt: update.at, paymentStatus: { not: update.status } },
      ],
    },
    data: {
      payrailTransactionId: update.transactionId,
      paymentStatus: update.status,
      paymentStatusReason: update.statusReason,
      paymentStatusAt: update.at,
      paymentStatusSource: update.source,
    },
  });

  return count === 1;
}

/**
 * A refund Payrail reported processed: its amount is added to the order's refunded total. Called
 * once per refund (its webhook's receipt is written in the same transaction, so a redelivery
 * changes nothing). False when no order has that payment.
 */
export async function applyRefund(
  refund: { transactionId: string; amount: number },
  client: Prisma.TransactionClient = db(),
): Promise<boolean> {
  const { count } = await client.storeOrder.updateMany({
    where: { payrailTransactionId: refund.transactionId },
    data: { refundedAmount: { increment: refund.amount } },
  });

  return count === 1;
}

export const getOrder = (id: string) => db().storeOrder.findUnique({ where: { id }, include: { items: true } });

export const getOrderByTransaction = (transactionId: string) =>
  db().storeOrder.findUnique({ where: { payrailTransactionId: transactionId }, include: { items: true } });

/** The latest orders among `ids` (the orders placed in this browser: lib/store/my-orders.ts). */
export const listOrders = (ids: string[], limit = 50) =>
  db().storeOrder.findMany({
    where: { id: { in: ids } },
    orderBy: { createdAt: "desc" },
    take: limit,
    include: { items: true },
  });

export type StoreOrder = NonNullable<Awaited<ReturnType<typeof getOrder>>>;

-- The demo store follows refunds: the amount Payrail reported refunded (refund webhooks, PROCESSED).
ALTER TABLE "store_orders" ADD COLUMN "refundedAmount" INTEGER NOT NULL DEFAULT 0;

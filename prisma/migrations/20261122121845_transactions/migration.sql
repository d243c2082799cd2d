-- CreateTable
CREATE TABLE "transactions" (
    "id" UUID NOT NULL,
    "organisationId" UUID NOT NULL,
    "paymentProfileId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "amount" INTEGER NOT NULL,
    "capturedAmount" INTEGER,
    "paymentProduct" TEXT NOT NULL,
    "customerIp" TEXT NOT NULL DEFAULT '',
    "userAgent" TEXT NOT NULL DEFAULT '',
    "dynamicDescriptor" TEXT NOT NULL DEFAULT '',
    "merchantReference" TEXT NOT NULL DEFAULT '',
    "webhookUrl" TEXT NOT NULL DEFAULT '',
    "details" JSONB NOT NULL,
    "extraFields" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL,
    "statusReason" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL,
    "lastStatusUpdate" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transaction_history" (
    "id" BIGSERIAL NOT NULL,
    "transactionId" UUID NOT NULL,
    "fromStatus" TEXT,
    "toStatus" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "actor" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "transaction_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refunds" (
    "id" UUID NOT NULL,
    "transactionId" UUID NOT NULL,
    "amount" INTEGER NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "lastStatusUpdate" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_events" (
    "id" UUID NOT NULL,
    "transactionId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sepa_mandates" (
    "id" UUID NOT NULL,
    "organisationId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "iban" TEXT NOT NULL,
    "bic" TEXT NOT NULL DEFAULT '',
    "holderName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "sepa_mandates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "card_tokens" (
    "id" UUID NOT NULL,
    "organisationId" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "encryptedNumber" TEXT NOT NULL,
    "bin" TEXT NOT NULL,
    "lastFour" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "expiryMonth" INTEGER NOT NULL,
    "expiryYear" INTEGER NOT NULL,
    "holder" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "transactions_organisationId_createdAt_id_idx" ON "transactions"("organisationId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "transactions_organisationId_merchantReference_idx" ON "transactions"("organisationId", "merchantReference");

-- CreateIndex
CREATE INDEX "transaction_history_transactionId_id_idx" ON "transaction_history"("transactionId", "id");

-- CreateIndex
CREATE INDEX "refunds_transactionId_idx" ON "refunds"("transactionId");

-- CreateIndex
CREATE INDEX "webhook_events_transactionId_createdAt_idx" ON "webhook_events"("transactionId", "createdAt");

-- CreateIndex
CREATE INDEX "sepa_mandates_organisationId_customerId_idx" ON "sepa_mandates"("organisationId", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "sepa_mandates_organisationId_reference_key" ON "sepa_mandates"("organisationId", "reference");

-- CreateIndex
CREATE UNIQUE INDEX "card_tokens_token_key" ON "card_tokens"("token");

-- CreateIndex
CREATE INDEX "card_tokens_organisationId_idx" ON "card_tokens"("organisationId");

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_paymentProfileId_fkey" FOREIGN KEY ("paymentProfileId") REFERENCES "payment_profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transaction_history" ADD CONSTRAINT "transaction_history_transactionId_fkey" FOREIGN KEY ("transactionId") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transactionId_fkey" FOREIGN KEY ("transactionId") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_transactionId_fkey" FOREIGN KEY ("transactionId") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

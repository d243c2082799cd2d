-- CreateTable
CREATE TABLE "idempotency_keys" (
    "organisationId" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "responseStatus" INTEGER,
    "responseBody" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("organisationId","key")
);

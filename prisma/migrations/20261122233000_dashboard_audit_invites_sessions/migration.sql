-- Dashboard (issue 15): API key last use, "sign out everywhere", invites, audit log.

-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN "lastUsedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "dashboard_users" ADD COLUMN "sessionVersion" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "dashboard_invites" (
    "id" UUID NOT NULL,
    "organisationId" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedBy" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),

    CONSTRAINT "dashboard_invites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "organisationId" UUID NOT NULL,
    "userId" UUID,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target" TEXT NOT NULL DEFAULT '',
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "dashboard_invites_tokenHash_key" ON "dashboard_invites"("tokenHash");

-- CreateIndex
CREATE INDEX "dashboard_invites_organisationId_createdAt_idx" ON "dashboard_invites"("organisationId", "createdAt");

-- CreateIndex
CREATE INDEX "audit_log_organisationId_id_idx" ON "audit_log"("organisationId", "id" DESC);

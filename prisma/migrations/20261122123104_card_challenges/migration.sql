-- CreateTable
CREATE TABLE "card_challenges" (
    "transactionId" UUID NOT NULL,
    "cardTokenId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_challenges_pkey" PRIMARY KEY ("transactionId")
);

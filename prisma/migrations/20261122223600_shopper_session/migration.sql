-- The browser that opened approval_url: hosted page posts must carry its token (SHA-256 stored).
ALTER TABLE "transactions" ADD COLUMN "shopperSessionHash" TEXT;

import { bankInitiatedProcessor } from "@/lib/processors/bank-initiated";
import { bankSelectionProcessor } from "@/lib/processors/bank-selection";
import { bnplProcessor } from "@/lib/processors/bnpl";
import { cardProcessor } from "@/lib/processors/card/processor";
import { debitCardRedirectProcessor } from "@/lib/processors/debit-card-redirect";
import { directDebitProcessor } from "@/lib/processors/direct-debit";
import { dummyProcessor } from "@/lib/processors/dummy";
import { financeProviderProcessor } from "@/lib/processors/finance-provider";
import { instalmentCreditProcessor } from "@/lib/processors/instalment-credit";
import { instantPaymentProcessor } from "@/lib/processors/instant-payment";
import { instantTransferProcessor } from "@/lib/processors/instant-transfer";
import { mobileWalletAProcessor, mobileWalletBProcessor } from "@/lib/processors/mobile-wallet";
import { onlineWalletProcessor } from "@/lib/processors/online-wallet";
import { prepaidVoucherProcessor } from "@/lib/processors/prepaid-voucher";
import { sepaProcessor } from "@/lib/processors/sepa";
import type { ProductId } from "@/lib/domain/products";
import type { Processor } from "@/lib/processors/types";

export const PROCESSORS: Record<ProductId, Processor> = {
  card: cardProcessor,
  mobile_wallet_a: mobileWalletAProcessor,
  mobile_wallet_b: mobileWalletBProcessor,
  debit_card_redirect: debitCardRedirectProcessor,
  instalment_credit: instalmentCreditProcessor,
  dummy: dummyProcessor,
  direct_debit: directDebitProcessor,
  finance_provider: financeProviderProcessor,
  bank_selection: bankSelectionProcessor,
  bnpl: bnplProcessor,
  online_wallet: onlineWalletProcessor,
  prepaid_voucher: prepaidVoucherProcessor,
  instant_payment: instantPaymentProcessor,
  sepa: sepaProcessor,
  instant_transfer: instantTransferProcessor,
  bank_initiated: bankInitiatedProcessor,
};

export const getProcessor = (product: ProductId): Processor => PROCESSORS[product];

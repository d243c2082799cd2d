/**
 * Sandbox test cards (docs/testing.md). Any other valid number behaves like a successful card.
 * Behaviour is decided by the sandbox acquirer (lib/cards/acquirer.ts).
 */
export type CardBehaviour =
  | "approve"
  | "decline"
  | "insufficient_funds"
  | "challenge"
  | "fraud"
  | "processor_error"
  | "expired";

export const TEST_CARDS: { number: string; brand: string; behaviour: CardBehaviour; description: string }[] = [
  { number: "4111111111111111", brand: "Visa", behaviour: "approve", description: "Approved" },
  { number: "4242424242424242", brand: "Visa", behaviour: "approve", description: "Approved" },
  { number: "5555555555554444", brand: "Mastercard", behaviour: "approve", description: "Approved" },
  {
    number: "378282246310005",
    brand: "American Express",
    behaviour: "approve",
    description: "Approved (4-digit security code)",
  },
  {
    number: "4000000000003220",
    brand: "Visa",
    behaviour: "challenge",
    description: "3-D Secure challenge, then approved if the shopper passes it",
  },
  { number: "4000000000000002", brand: "Visa", behaviour: "decline", description: "Declined: card declined" },
  {
    number: "4000000000009995",
    brand: "Visa",
    behaviour: "insufficient_funds",
    description: "Declined: insufficient funds",
  },
  {
    number: "4100000000000019",
    brand: "Visa",
    behaviour: "fraud",
    description: "Declined by the fraud check (approved with skip_fraud_check)",
  },
  {
    number: "4000000000000119",
    brand: "Visa",
    behaviour: "processor_error",
    description: "Processor error: status UNKNOWN",
  },
  {
    number: "4000000000000069",
    brand: "Visa",
    behaviour: "expired",
    description: "Declined: expired card (whatever expiry is entered)",
  },
];

export function behaviourOf(number: string): CardBehaviour {
  return TEST_CARDS.find((c) => c.number === number)?.behaviour ?? "approve";
}

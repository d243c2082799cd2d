import type { PayPageData } from "@/lib/approval/approval";
import { DUMMY_PAGE_STATUSES } from "@/lib/processors/dummy";
import { CheckedInput } from "@/components/pay/checked-input";
import { CopyButton } from "@/components/pay/copy-button";
import { CancelButton, Field, inputClass, PAGE_ERROR_ID, PrimaryButton, SecondaryButton } from "@/components/pay/ui";

/** `invalid`: the field the service sent the shopper back for (lib/approval/page-error.ts). */
type FormProps = { data: PayPageData; invalid?: string };
type PixCode = { svg: string; code: string; expiresAt: Date };

const str = (v: unknown) => (typeof v === "string" ? v : "");

function ApproveDecline({ data }: FormProps) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        You are at the sandbox page of <strong>{data.label}</strong>. Choose how this test payment ends.
      </p>
      <PrimaryButton outcome="approve">Approve payment</PrimaryButton>
      <SecondaryButton outcome="decline">Decline</SecondaryButton>
      <SecondaryButton outcome="fail">Simulate a processing failure</SecondaryButton>
      <CancelButton />
    </div>
  );
}

function BankSelection({ data, invalid }: FormProps) {
  const preselected = str(data.details.issuer);
  return (
    <div className="space-y-4">
      <fieldset aria-describedby={invalid === "issuer" ? PAGE_ERROR_ID : undefined}>
        <legend className="text-sm font-medium text-slate-700">Choose your bank</legend>
        <div className="mt-2 grid gap-2">
          {data.issuers.map((issuer, i) => (
            <label
              key={issuer.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 hover:border-indigo-300 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50"
            >
              <input
                type="radio"
                name="issuer"
                value={issuer.id}
                defaultChecked={issuer.id === preselected}
                required
                className="accent-indigo-600"
                // Sent back to choose: the first bank takes the focus, with the message read out.
                {...(i === 0 ? serverInvalid(invalid === "issuer") : {})}
              />
              <span className="flex-1 text-sm font-medium text-slate-800">{issuer.name}</span>
              <span className="text-xs text-slate-500">{issuer.country_code}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <PrimaryButton outcome="approve">Pay with my bank</PrimaryButton>
      <SecondaryButton outcome="decline">Bank declines</SecondaryButton>
      <CancelButton />
    </div>
  );
}

function BankLogin({ invalid }: FormProps) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Sign in to your (sandbox) bank to transfer the amount. Any user name and password work.
      </p>
      <Field label="User name">
        <input className={inputClass} name="username" autoComplete="off" defaultValue="sandbox-user" />
      </Field>
      <Field label="Password">
        <input className={inputClass} name="password" type="password" autoComplete="off" defaultValue="sandbox" />
      </Field>
      <Field label="Account holder">
        <CheckedInput
          check="holder"
          invalid={invalid === "holder"}
          name="holder"
          required
          maxLength={70}
          placeholder="Your name"
        />
      </Field>
      <Field label="IBAN (optional)" hint="Leave empty to pay from the sandbox account DE89 3704 0044 0532 0130 00.">
        <CheckedInput
          check="optional-iban"
          invalid={invalid === "iban"}
          name="iban"
          autoComplete="off"
          placeholder="DE89 3704 0044 0532 0130 00"
        />
      </Field>
      <PrimaryButton outcome="approve">Transfer and pay</PrimaryButton>
      <SecondaryButton outcome="decline">Bank declines</SecondaryButton>
      <CancelButton />
    </div>
  );
}

function SepaMandate({ data, invalid }: FormProps) {
  const sender = Array.isArray(data.details.sender)
    ? (data.details.sender[0] as Record<string, unknown> | undefined)
    : undefined;
  const reference = str(data.details.mandate);
  const due = str(data.details.sepa_due_date);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 px-3 py-2.5 text-sm">
        <dt className="text-slate-500">Mandate reference</dt>
        <dd className="text-right font-medium text-slate-800">{reference || "assigned when you sign"}</dd>
        <dt className="text-slate-500">Due date</dt>
        <dd className="text-right font-medium text-slate-800">{due || "on settlement"}</dd>
      </dl>
      <Field label="Account holder">
        <CheckedInput
          check="holder"
          invalid={invalid === "holder_name"}
          name="holder_name"
          required
          maxLength={70}
          defaultValue={str(sender?.holder_name)}
        />
      </Field>
      <Field label="IBAN" hint="Sandbox example: NL91 ABNA 0417 1643 00">
        <CheckedInput
          check="iban"
          invalid={invalid === "iban"}
          name="iban"
          required
          autoComplete="off"
          defaultValue={str(sender?.account_number)}
        />
      </Field>
      <Field label="BIC (optional)">
        <input
          className={inputClass}
          name="bic"
          autoComplete="off"
          defaultValue={str(sender?.bank_code)}
          {...serverInvalid(invalid === "bic")}
        />
      </Field>
      <label className="flex gap-2 text-sm text-slate-600">
        <input
          type="checkbox"
          name="consent"
          value="yes"
          required
          className="mt-0.5 accent-indigo-600"
          {...serverInvalid(invalid === "consent")}
        />
        <span>
          I authorise {data.merchantName || "the merchant"} to debit my account and my bank to debit it in accordance
          with this mandate.
        </span>
      </label>
      <PrimaryButton outcome="sign">Sign mandate and pay</PrimaryButton>
      <SecondaryButton outcome="decline">Decline</SecondaryButton>
      <CancelButton />
    </div>
  );
}

/** A field the service sent the shopper back for (not a CheckedInput): marked, described, focused. */
const serverInvalid = (invalid: boolean) =>
  invalid ? { "aria-invalid": true, "aria-describedby": PAGE_ERROR_ID, autoFocus: true } : {};

/** The sandbox wallet's login, filled in: any e-mail address and password log in. */
const WALLET_LOGIN = [
  { label: "Wallet e-mail", name: "email", value: "shopper@example.com" },
  { label: "Password", name: "password", value: "sandbox" },
] as const;

function WalletLogin({ data, invalid }: FormProps) {
  const description = str(data.details.description);
  return (
    <div className="space-y-4">
      {description ? (
        <p
          className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm wrap-anywhere text-slate-700"
          data-testid="wallet-description"
        >
          {description}
        </p>
      ) : null}
      {WALLET_LOGIN.map(({ label, name, value }) => (
        <Field key={name} label={label}>
          <input
            className={inputClass}
            name={name}
            type={name}
            required
            autoComplete="off"
            defaultValue={value}
            {...serverInvalid(invalid === name)}
          />
        </Field>
      ))}
      <PrimaryButton outcome="approve">Log in and pay</PrimaryButton>
      <SecondaryButton outcome="decline">Wallet declines</SecondaryButton>
      <CancelButton />
    </div>
  );
}

function Voucher({ invalid }: FormProps) {
  return (
    <div className="space-y-4">
      <Field label="Voucher PIN" hint="Sandbox: any 16 digits; a PIN ending in 0000 has too low a balance.">
        <CheckedInput
          check="voucher-pin"
          invalid={invalid === "pin"}
          className={`${inputClass} font-mono tracking-widest`}
          name="pin"
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={19}
          placeholder="1234 5678 9012 3456"
        />
      </Field>
      <PrimaryButton outcome="approve">Redeem voucher</PrimaryButton>
      <CancelButton />
    </div>
  );
}

function Pix({ data }: FormProps) {
  const pix = data.pageData.pix as PixCode | undefined;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Scan the code with your banking app, or copy the PIX code.</p>
      {pix ? (
        <>
          <div
            className="mx-auto w-56 rounded-xl border border-slate-200 p-2"
            data-testid="pix-qr"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG drawn by the qrcode library from our own sandbox code
            dangerouslySetInnerHTML={{ __html: pix.svg }}
          />
          <textarea
            id="pix-code"
            readOnly
            className={`${inputClass} h-20 resize-none font-mono text-xs`}
            value={pix.code}
            aria-label="PIX code"
          />
          <CopyButton text={pix.code} targetId="pix-code" label="Copy PIX code" />
          <p className="text-center text-xs wrap-anywhere text-slate-500">
            Expires at {pix.expiresAt.toISOString().slice(11, 16)} UTC · beneficiary {str(data.details.pix_name)}
          </p>
        </>
      ) : null}
      <PrimaryButton outcome="simulate_payment">Simulate payment</PrimaryButton>
      <SecondaryButton outcome="expire">Simulate expiry</SecondaryButton>
      <CancelButton />
    </div>
  );
}

function Dummy(_: FormProps) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">The dummy product lets you end this payment in any status. Pick one:</p>
      <div className="grid grid-cols-2 gap-2">
        {DUMMY_PAGE_STATUSES.map((status) => (
          <button
            key={status}
            type="submit"
            name="outcome"
            value={status}
            className={`rounded-lg border px-2 py-2.5 text-xs font-semibold ${
              status === "SETTLEMENT_REQUESTED"
                ? "border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-500"
                : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
            }`}
          >
            {status.replaceAll("_", " ")}
          </button>
        ))}
      </div>
      <CancelButton />
    </div>
  );
}

export const PRODUCT_FORMS = {
  approve_decline: ApproveDecline,
  bank_selection: BankSelection,
  bank_login: BankLogin,
  sepa_mandate: SepaMandate,
  wallet_login: WalletLogin,
  voucher: Voucher,
  pix: Pix,
  dummy: Dummy,
} as const;

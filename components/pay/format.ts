const eur = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" });

/** Minor units (cents) to "€12.50". */
export const formatAmount = (minor: number) => eur.format(minor / 100);

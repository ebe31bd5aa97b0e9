// The SSRF rule of providers whose address a user types (an SMSC's host, an HTTP SMS API's URL): public addresses
// only, unless the operator allows private ones (CARRIER_ALLOW_PRIVATE). The guard itself is server/http/ssrf.ts.

/**
 * Who may not go to a private address, in the refusal ("The address is private, …; <rule> (localhost is 127.0.0.1)").
 */
export const PROVIDER_RULE =
  "an SMS provider must have a public address unless the server's operator allows private ones";

/** The code a check, a send or a channel's health names a refused address with. */
export const ADDRESS_REFUSED = "address";

// The account this browser is signed in to, if any: its view as GET
// /api/account gives it (docs/api.md), read once when the app starts and
// set again by the account pages. Its CSRF token goes with every request
// of the app that changes something (api.ts), as the server asks of a
// request that carries the session cookie.

import type { AccountView } from "./wire";

/** me is the signed-in account, or null. */
export let me: AccountView | null = null;

/** accountsOn says whether the server keeps accounts (false when it
 * answered no_accounts). */
export let accountsOn = true;

/** setMe sets the signed-in account (null: signed out). */
export function setMe(a: AccountView | null): void {
  me = a;
}

/** setAccountsOn records whether the server keeps accounts. */
export function setAccountsOn(on: boolean): void {
  accountsOn = on;
}

/** csrfToken is the token of the signed-in session, or "". */
export function csrfToken(): string {
  return me?.csrf ?? "";
}

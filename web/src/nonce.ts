// The dice nonces of the seats this browser holds (scheme norns-dice-v2,
// docs/fair-dice.md section 7). Beside each seat's token the browser keeps
// a secret of 32 random bytes, drawn when it gives the seat its seed; it
// derives the seat's nonces from it, as package dice does:
//
//	nonce k = HMAC-SHA256(key = secret, "norns-nonce-v1" 0x00 game id 0x00 uint64 k)
//	commit k = hex(SHA-256(nonce k))
//
// The seed (or the join) carries commit 0; every move of the seat carries
// nonce k and commit k+1, k being the number of nonces the seat revealed
// (the view's seats[i].reveals), so a page reloaded carries on the chain.
// WebCrypto computes them; a page without it (plain HTTP, not localhost)
// commits to nothing, and its seats' rolls rest on the seeds alone.

import { GameView } from "./api";
import type { Reveal } from "./wire";

/** schemeV2 is the dice scheme whose rolls depend on the nonces. */
export const schemeV2 = "norns-dice-v2";

/** nonceLabel begins the message a nonce is derived from. */
const nonceLabel = "norns-nonce-v1\x00";

/** hex writes bytes as lower-case hex digits. */
export function hex(b: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/** unhex reads lower-case or upper-case hex digits as bytes. */
export function unhex(s: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array((s.match(/../g) ?? []).map((x) => parseInt(x, 16)));
}

/** canCommit says whether this page can compute nonces (WebCrypto is
 * there only in a secure context: HTTPS or localhost). */
export function canCommit(): boolean {
  return typeof crypto !== "undefined" && !!crypto.subtle;
}

/** secretKey is the localStorage key of a game's secrets, beside its
 * tokens (norns.seats.<id>). */
const secretKey = (id: string) => "norns.secrets." + id;

/** secrets remembers the nonce secret of each seat this browser holds,
 * per game, in hex, as long as its token. */
export const secrets = {
  all(id: string): Record<string, string> {
    try {
      return JSON.parse(localStorage.getItem(secretKey(id)) ?? "{}");
    } catch {
      return {};
    }
  },
  /** get is a seat's secret, undefined when this browser has none (a seat
   * taken before the browser kept them). */
  get(id: string, player: string): string | undefined {
    const s = secrets.all(id)[player];
    return typeof s === "string" && /^[0-9a-f]{64}$/.test(s) ? s : undefined;
  },
  /** ensure is a seat's secret, drawn (crypto.getRandomValues) and kept
   * when the seat has none yet. */
  ensure(id: string, player: string): string {
    const old = secrets.get(id, player);
    if (old) return old;
    const s = hex(crypto.getRandomValues(new Uint8Array(32)));
    const m = secrets.all(id);
    m[player] = s;
    localStorage.setItem(secretKey(id), JSON.stringify(m));
    return s;
  },
};

/** nonce is nonce number k of the seat whose secret is given, in game id
 * (dice.Nonce). */
export async function nonce(secretHex: string, id: string, k: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", unhex(secretHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const head = new TextEncoder().encode(nonceLabel + id + "\x00");
  const msg = new Uint8Array(head.length + 8);
  msg.set(head);
  new DataView(msg.buffer).setBigUint64(head.length, BigInt(k), false);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, msg));
}

/** commitNonce is the commitment to a nonce: hex(SHA-256(nonce))
 * (dice.CommitNonce). */
export async function commitNonce(n: Uint8Array<ArrayBuffer>): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", n));
}

/** firstCommit is the commitment a seat gives with its seed or join:
 * commit 0 of a secret this browser keeps for it (drawn now if need be);
 * undefined in a game of scheme v1 (given) or on a page without WebCrypto. */
export async function firstCommit(id: string, player: string, scheme = schemeV2): Promise<string | undefined> {
  if (scheme !== schemeV2 || !canCommit()) return undefined;
  return commitNonce(await nonce(secrets.ensure(id, player), id, 0));
}

/** Reveal is what a move carries of its seat's nonces (wire.Reveal). */
export type { Reveal };

/** NoSecretError is a move this browser cannot make: the seat committed
 * to a nonce, and the browser lacks the secret it came from (or holds
 * another one). The server would refuse it. */
export class NoSecretError extends Error {
  constructor(readonly player: string) {
    super("no dice secret for " + player);
  }
}

/** revealFor is what a move of player in the game's view v carries: the
 * nonce the seat committed to and the commitment to the next one; a seat
 * with a secret and no commitment pending begins a chain with the next
 * alone; nothing for a game of scheme v1, nor for a seat without a secret
 * that committed to nothing. A seat that committed and whose secret is
 * missing or another is a NoSecretError. */
export async function revealFor(v: GameView, player: string): Promise<Reveal> {
  if (v.fairness.scheme !== schemeV2) return {};
  const seat = v.seats.find((s) => s.player === player);
  const pending = seat?.commit ?? "";
  const k = seat?.reveals ?? 0;
  const secret = secrets.get(v.id, player);
  if (!secret || !canCommit()) {
    if (pending) throw new NoSecretError(player);
    return {};
  }
  if (!pending) return { next: await commitNonce(await nonce(secret, v.id, k)) };
  const n = await nonce(secret, v.id, k);
  if ((await commitNonce(n)) !== pending) throw new NoSecretError(player);
  return { nonce: hex(n), next: await commitNonce(await nonce(secret, v.id, k + 1)) };
}

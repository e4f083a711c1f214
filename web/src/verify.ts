// The check of a game's dice in the page: the derivation of
// docs/fair-dice.md, as package dice does it and norns verify runs it,
// in TypeScript over WebCrypto. The server's commitment is the SHA-256 of
// its seed; roll i is drawn from the words of HMAC-SHA256(server seed,
// block(i, j)), and in scheme norns-dice-v2 of block(i, nonce, j), the
// nonce being the one the move that caused the roll revealed (each
// checked against the commitment before it: the Commit tags, then each
// move's next); an outcome list with probabilities becomes whole counts
// over their least common denominator D; a word becomes a uniform integer
// below D by rejection; the outcome is the first whose cumulative count
// exceeds it. The outcome lists are the game's (its rules): the server's
// replay (POST /web/replay with "outcomes") gives them, as it gives the
// positions of every page.
//
// A finished game's record is signed (docs/fair-dice.md, "Signed
// records"): the page checks the Ed25519 signature over the record's
// signed text (signedText, as record.SignedText builds it) with WebCrypto,
// against the key the server gives (GET /api/signing-key).

import { api } from "./api";
import { hex, schemeV2, unhex } from "./nonce";

/** maxDenominator bounds the common denominator (dice.MaxDenominator). */
const maxDenominator = 1_000_000;

/** tolerance is how near a whole number p·q must be (dice.tolerance). */
const tolerance = 1e-9;

/** schemeV1 is the dice scheme without nonces. */
const schemeV1 = "norns-dice-v1";

/** Outcome is one outcome of a chance event: its action as the game
 * writes it, and its probability. */
export interface Outcome {
  action: string;
  prob: number;
}

/** goRound rounds half away from zero, as Go's math.Round. */
function goRound(x: number): number {
  if (x < 0) return -goRound(-x);
  const f = Math.floor(x);
  return x - f >= 0.5 ? f + 1 : f;
}

/** denominator is the smallest whole q ≤ 1,000,000 with p·q within 1e-9
 * of a whole number, 0 when there is none. */
function denominator(p: number): number {
  for (let q = 1; q <= maxDenominator; q++) {
    const x = p * q;
    if (Math.abs(x - goRound(x)) <= tolerance) return q;
  }
  return 0;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** exact recovers the probabilities of an outcome list as counts over
 * their common denominator D (dice.Exact): every count at least 1, their
 * sum exactly D; otherwise an error. */
export function exact(probs: number[]): { d: number; counts: number[] } {
  if (probs.length === 0) throw new Error("no outcomes");
  let d = 1;
  const seen = new Set<number>();
  for (const p of probs) {
    if (!(p > 0 && p <= 1)) throw new Error(`probability ${p} out of (0, 1]`);
    if (seen.has(p)) continue;
    seen.add(p);
    const q = denominator(p);
    if (q === 0) throw new Error("the probabilities are not rationals with a denominator up to 1000000");
    d = (d / gcd(d, q)) * q;
    if (d > maxDenominator) throw new Error("the probabilities are not rationals with a denominator up to 1000000");
  }
  const counts: number[] = [];
  let sum = 0;
  for (const p of probs) {
    const c = goRound(p * d);
    if (Math.abs(p * d - c) > tolerance || c < 1) throw new Error("the probabilities are not rationals with a denominator up to 1000000");
    counts.push(c);
    sum += c;
  }
  if (sum !== d) throw new Error(`the probabilities sum to ${sum}/${d}, not 1`);
  return { d, counts };
}

const two64 = 1n << 64n;

/** Roller draws the rolls of one game from the server seed and the seat
 * seeds, in seat order, by a scheme (dice.ForScheme): each block begins
 * with the scheme's name and a zero byte; in v2 the nonce that caused the
 * roll stands between i and j. */
export class Roller {
  private readonly key: Promise<CryptoKey>;
  private readonly prefix: Uint8Array;
  private readonly v2: boolean;

  constructor(serverSeed: Uint8Array<ArrayBuffer>, seatSeeds: string[], scheme = schemeV1) {
    this.key = crypto.subtle.importKey("raw", serverSeed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    this.v2 = scheme === schemeV2;
    const enc = new TextEncoder();
    const parts: number[] = [...enc.encode(scheme + "\x00")];
    const u32 = (n: number) => parts.push((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
    u32(seatSeeds.length);
    for (const s of seatSeeds) {
      const b = enc.encode(s);
      u32(b.length);
      parts.push(...b);
    }
    this.prefix = new Uint8Array(parts);
  }

  /** block is H(i, j) = HMAC-SHA256(server seed, block(i, j)); in v2
   * block(i, j) has uint32 len(nonce) and the nonce before j. */
  private async block(index: number, nonce: Uint8Array, j: number): Promise<DataView> {
    const mid = this.v2 ? 4 + nonce.length : 0;
    const msg = new Uint8Array(this.prefix.length + 12 + mid);
    msg.set(this.prefix);
    const dv = new DataView(msg.buffer);
    dv.setBigUint64(this.prefix.length, BigInt(index), false);
    if (this.v2) {
      dv.setUint32(this.prefix.length + 8, nonce.length, false);
      msg.set(nonce, this.prefix.length + 12);
    }
    dv.setUint32(this.prefix.length + 8 + mid, j, false);
    const mac = await crypto.subtle.sign("HMAC", await this.key, msg);
    return new DataView(mac);
  }

  /** uniform is roll index's uniform integer in [0, d), caused by the
   * nonce given (empty: none): the first word w of its stream below
   * 2⁶⁴ − (2⁶⁴ mod d), modulo d (dice.Roller.Uniform). */
  async uniform(index: number, d: number, nonce: Uint8Array = new Uint8Array(0)): Promise<bigint> {
    if (d <= 1) return 0n;
    const n = BigInt(d);
    const rem = two64 % n;
    const limit = two64 - rem;
    for (let j = 0; ; j++) {
      const sum = await this.block(index, nonce, j);
      for (let k = 0; k < 4; k++) {
        const w = sum.getBigUint64(8 * k, false);
        if (rem === 0n || w < limit) return w % n;
      }
    }
  }

  /** roll is the outcome of roll number index among the outcomes listed,
   * caused by the nonce given (dice.Roller.RollCaused). */
  async roll(index: number, outs: Outcome[], nonce?: Uint8Array): Promise<string> {
    const { d, counts } = exact(outs.map((o) => o.prob));
    let u = Number(await this.uniform(index, d, nonce));
    for (let i = 0; i < counts.length; i++) {
      if (u < counts[i]) return outs[i].action;
      u -= counts[i];
    }
    return outs[outs.length - 1].action;
  }
}

/** commit is the commitment of a server seed: hex(SHA-256(seed)). */
export async function commit(seed: Uint8Array<ArrayBuffer>): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", seed));
}

/** RecordEvent is one event of a Norns record; nonce and next are what
 * a move revealed of its player's nonces and committed to (scheme v2). */
export interface RecordEvent {
  seq: number;
  kind: string;
  player: string;
  action?: string;
  nonce?: string;
  next?: string;
}

/** NornsRecord is a Norns record as read: its tags, in their order, its
 * events, and its signature (the Signature tag, or the JSON record's
 * signature field), "" when it has none. */
export interface NornsRecord {
  tags: Record<string, string>;
  events: RecordEvent[];
  signature: string;
}

/** RecordError is a record that cannot be read or checked: key is the
 * message's catalog key, params its parameters. */
export class RecordError extends Error {
  constructor(readonly key: string, readonly params: Record<string, string | number> = {}) {
    super(key);
  }
}

/** parseRecord reads a Norns record, as text (# norns record 1) or as
 * JSON (norns-record-1), as record.Parse does. */
export function parseRecord(text: string): NornsRecord {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    let j: { format?: string; tags?: [string, string][]; events?: RecordEvent[]; signature?: string };
    try {
      j = JSON.parse(trimmed);
    } catch {
      throw new RecordError("verify.notrecord");
    }
    if (j.format !== "norns-record-1") throw new RecordError("verify.notrecord");
    const tags: Record<string, string> = {};
    for (const [k, v] of j.tags ?? []) tags[k] = v;
    const events = (j.events ?? []).map((e, i) => {
      if (e.seq !== i + 1) throw new RecordError("verify.badline", { line: i + 1 });
      return { seq: e.seq, kind: e.kind, player: e.player, action: e.action || undefined, nonce: e.nonce || undefined, next: e.next || undefined };
    });
    return { tags, events, signature: j.signature ?? "" };
  }
  const lines = text.replace(/\r/g, "").split("\n");
  if (lines[0] !== "# norns record 1") throw new RecordError(lines[0].startsWith("[Event ") ? "verify.pgn" : "verify.notrecord");
  if (!text.endsWith("\n")) throw new RecordError("verify.truncated");
  const tags: Record<string, string> = {};
  const events: RecordEvent[] = [];
  let signature = "";
  let body = false;
  for (let n = 1; n < lines.length - 1; n++) {
    const line = lines[n];
    if (line === "") body = true;
    else if (!body && line.startsWith("[")) {
      const m = /^\[([^"]+) "(.*)"\]$/.exec(line);
      if (!m) throw new RecordError("verify.badline", { line: n + 1 });
      if (m[1] === "Signature") signature = m[2];
      else tags[m[1]] = m[2];
    } else if (!body) throw new RecordError("verify.badline", { line: n + 1 });
    else if (line.startsWith("# ")) continue;
    else {
      const f = line.split(" ");
      if (f.length < 3 || Number(f[0]) !== events.length + 1) throw new RecordError("verify.badline", { line: n + 1 });
      const e: RecordEvent = { seq: Number(f[0]), kind: f[1], player: f[2], action: f.length > 3 ? f.slice(3).join(" ") : undefined };
      // A move's reveal ends its line: " {nonce <hex> next <hex>}", either
      // part left out when empty (server.eventLine).
      const a = e.action ?? "";
      const open = a.lastIndexOf("{");
      if (open >= 0 && a.endsWith("}")) {
        const r = parseReveal(a.slice(open + 1, -1));
        if (!r) throw new RecordError("verify.badline", { line: n + 1 });
        Object.assign(e, r);
        e.action = a.slice(0, open).replace(/ $/, "") || undefined;
      }
      events.push(e);
    }
  }
  if (!body) throw new RecordError("verify.truncated");
  return { tags, events, signature };
}

/** tagLine is a tag of the Norns record as written (server.tagLine). */
function tagLine(k: string, v: string): string {
  return `[${k} "${v}"]`;
}

/** eventLine is an event of the Norns record as written
 * (server.eventLine). */
function eventLine(e: RecordEvent): string {
  const reveal = [e.nonce ? `nonce ${e.nonce}` : "", e.next ? `next ${e.next}` : ""].filter(Boolean).join(" ");
  return `${e.seq} ${e.kind} ${e.player}` + (e.action ? ` ${e.action}` : "") + (reveal ? ` {${reveal}}` : "");
}

/** signedText is the text a record's signature covers (record.SignedText):
 * the record as its text form writes it, without the Signature tag and
 * without the chat. */
export function signedText(rec: NornsRecord): string {
  let out = "# norns record 1\n";
  for (const [k, v] of Object.entries(rec.tags)) out += tagLine(k, v) + "\n";
  out += "\n";
  for (const e of rec.events) out += eventLine(e) + "\n";
  return out;
}

/** fromHex reads hex digits as bytes, null when they are not hex. */
function fromHex(s: string): Uint8Array<ArrayBuffer> | null {
  if (!/^([0-9a-fA-F]{2})*$/.test(s)) return null;
  return new Uint8Array((s.match(/../g) ?? []).map((x) => parseInt(x, 16)));
}

/** Signature is what the check of a record's signature found: signed by
 * the server's key, not signed, or not checked (this browser has no
 * Ed25519). */
export type Signature = { kind: "signed"; key: string } | { kind: "unsigned" } | { kind: "unchecked" };

/** serverKey is the server's public key, asked for once. */
let serverKey: Promise<string> | null = null;

/** checkSignature checks a record's signature: against the key its
 * SigningKey tag names, which must be the server's (GET
 * /api/signing-key). A signature that does not match the record, a tag
 * without the other, or a key that is not the server's is a RecordError. */
export async function checkSignature(rec: NornsRecord): Promise<Signature> {
  const keyHex = rec.tags.SigningKey;
  if (keyHex === undefined && rec.signature === "") return { kind: "unsigned" };
  if (keyHex === undefined || rec.signature === "") throw new RecordError("verify.badsignature");
  const key = fromHex(keyHex);
  const sig = fromHex(rec.signature);
  if (!key || key.length !== 32 || !sig || sig.length !== 64) throw new RecordError("verify.badsignature");
  if (!crypto.subtle) return { kind: "unchecked" };
  let pub: CryptoKey;
  try {
    pub = await crypto.subtle.importKey("raw", key, { name: "Ed25519" }, false, ["verify"]);
  } catch (e) {
    if ((e as Error).name === "NotSupportedError") return { kind: "unchecked" };
    throw new RecordError("verify.badsignature");
  }
  const data = new TextEncoder().encode(signedText(rec));
  if (!(await crypto.subtle.verify({ name: "Ed25519" }, pub, sig, data))) throw new RecordError("verify.badsignature");
  if (!serverKey) serverKey = api.signingKey().then((k) => k.key.toLowerCase(), (e) => ((serverKey = null), Promise.reject(e)));
  const server = await serverKey;
  if (keyHex.toLowerCase() !== server) throw new RecordError("verify.otherkey", { key: keyHex, server });
  return { kind: "signed", key: server };
}

/** parseReveal reads what follows a move between braces: "nonce <hex>",
 * "next <hex>", or both in that order (server.parseReveal); null when it
 * is neither. */
function parseReveal(s: string): { nonce?: string; next?: string } | null {
  let f = s.split(/\s+/).filter(Boolean);
  const r: { nonce?: string; next?: string } = {};
  if (f.length >= 2 && f[0] === "nonce") {
    r.nonce = f[1];
    f = f.slice(2);
  }
  if (f.length === 2 && f[0] === "next") {
    r.next = f[1];
    f = [];
  }
  return f.length > 0 || (!r.nonce && !r.next) ? null : r;
}

/** isCommit reports whether s is a commitment: 64 lower-case hex digits. */
const isCommit = (s: string) => /^[0-9a-f]{64}$/.test(s);

/** Chain is a record's chain of nonces as read: for each roll, in order,
 * the nonce that caused it (hex, "" for none); check, once WebCrypto is
 * there, makes sure each reveal hashes to the commitment before it. */
interface Chain {
  causes: string[];
  reveals: { seq: number; player: string; nonce: string; pending: string }[];
}

/** readChain follows the players' nonces through a record, as
 * server.chains does: the Commit tags (one per player in scheme v2, none
 * in v1), then each event; a roll carries nothing and is caused by the
 * nonce the last other event revealed; a move of a player with a pending
 * commitment reveals its nonce and commits to the next. The hashes are
 * checked apart (checkChain). */
function readChain(rec: NornsRecord, scheme: string, players: string[]): Chain {
  const tg = rec.tags;
  const v2 = scheme === schemeV2;
  const pending: Record<string, string> = {};
  for (const p of players) {
    const c = tg[`Commit ${p}`];
    if (c !== undefined && !v2) throw new RecordError("verify.nonce.v1", { scheme });
    if (c === undefined && v2) throw new RecordError("verify.notag", { tag: `Commit ${p}` });
    if (c && !isCommit(c)) throw new RecordError("verify.nonce.badcommit", { tag: `Commit ${p}` });
    pending[p] = c ?? "";
  }
  const chain: Chain = { causes: [], reveals: [] };
  let cause = "";
  for (const e of rec.events) {
    const nonce = e.nonce ?? "";
    const next = e.next ?? "";
    if (e.kind === "roll") {
      if (nonce || next) throw new RecordError("verify.nonce.unexpected", { seq: e.seq });
      chain.causes.push(cause);
      continue;
    }
    cause = "";
    if (!nonce && !next) {
      if (e.kind === "move" && pending[e.player]) throw new RecordError("verify.nonce.missing", { seq: e.seq, player: e.player });
      continue;
    }
    if (e.kind !== "move" || !v2) throw new RecordError(v2 ? "verify.nonce.unexpected" : "verify.nonce.v1", { seq: e.seq, scheme });
    const was = pending[e.player] ?? "";
    if (!was && nonce) throw new RecordError("verify.nonce.unexpected", { seq: e.seq });
    if (was && !next) throw new RecordError("verify.nonce.nonext", { seq: e.seq, player: e.player });
    if (!isCommit(next) || (nonce && !isCommit(nonce))) throw new RecordError("verify.nonce.bad", { seq: e.seq });
    if (nonce) {
      chain.reveals.push({ seq: e.seq, player: e.player, nonce, pending: was });
      cause = nonce;
    }
    pending[e.player] = next;
  }
  return chain;
}

/** checkChain makes sure each nonce revealed hashes (SHA-256) to the
 * commitment pending before it. */
async function checkChain(c: Chain): Promise<void> {
  for (const r of c.reveals) {
    if (hex(await crypto.subtle.digest("SHA-256", unhex(r.nonce))) !== r.pending) throw new RecordError("verify.nonce.mismatch", { seq: r.seq, player: r.player });
  }
}

/** Verdict is what the check of a record found; sig is what the check of
 * its signature found, which comes after the dice's. */
export type Verdict =
  /** Every roll is the one the seeds give; caused of them (scheme v2)
   * with the nonce revealed by the move that caused them. */
  | { kind: "ok"; game: string; rolls: number; scheme: string; caused: number; sig: Signature }
  /** A roll is not: the first one, by its number (from 0) and event. */
  | { kind: "mismatch"; game: string; rolls: number; roll: number; seq: number; recorded: string; derived: string }
  /** The game is not over: the server seed is not revealed yet. */
  | { kind: "unrevealed"; game: string; rolls: number; sig: Signature };

/** verifyRecord checks a record's dice: the server seed against the
 * commitment, then every roll against the one the seeds give for its
 * number; then, as norns verify does last, its signature (checkSignature).
 * A record that cannot be checked (not a record, a tag missing, a seed
 * that is not the commitment's, an event that does not replay, a
 * signature that does not match) is a RecordError. */
export async function verifyRecord(text: string): Promise<Verdict> {
  const rec = parseRecord(text);
  const tg = rec.tags;
  for (const k of ["Game", "Options", "Scheme", "Commitment", "Status"]) if (!(k in tg)) throw new RecordError("verify.notag", { tag: k });
  const scheme = tg.Scheme;
  if (scheme !== schemeV1 && scheme !== schemeV2) throw new RecordError("verify.scheme", { scheme });
  if (!/^[0-9a-f]{64}$/.test(tg.Commitment)) throw new RecordError("verify.badcommitment");
  const game = tg.Game;
  const rolls = rec.events.filter((e) => e.kind === "roll");
  const seedHex = tg.ServerSeed ?? "";
  if (seedHex === "?" || seedHex === "") {
    if (tg.Status.startsWith("over ")) throw new RecordError("verify.noseed");
    return { kind: "unrevealed", game, rolls: rolls.length, sig: await checkSignature(rec) };
  }
  if (!tg.Status.startsWith("over ")) throw new RecordError("verify.early");
  if (!/^([0-9a-fA-F]{2})+$/.test(seedHex)) throw new RecordError("verify.badseed");
  if (!crypto.subtle) throw new RecordError("verify.nocrypto");
  const seed = new Uint8Array(seedHex.match(/../g)!.map((x) => parseInt(x, 16)));
  if ((await commit(seed)) !== tg.Commitment) throw new RecordError("verify.commitment");

  // The actions that stand, for the replay: a takeback undoes the move
  // before it (never a roll: a takeback comes before any roll after it).
  const actions: string[] = [];
  const seqs: number[] = [];
  for (const e of rec.events) {
    if (e.kind === "takeback-accept") {
      actions.pop();
      seqs.pop();
    } else if ((e.kind === "move" || e.kind === "roll") && e.action) {
      actions.push(e.action);
      seqs.push(e.seq);
    }
  }
  const options: Record<string, string> = {};
  for (const kv of tg.Options.split(/\s+/).filter(Boolean)) {
    const [k, ...v] = kv.split("=");
    options[k] = v.join("=");
  }
  const r = await api.replay({ game, options, actions, outcomes: true });
  const seats: string[] = [];
  for (const p of r.players) {
    if (!(`Seed ${p}` in tg)) throw new RecordError("verify.notag", { tag: `Seed ${p}` });
    seats.push(tg[`Seed ${p}`]);
  }
  const chain = readChain(rec, scheme, r.players);
  await checkChain(chain);
  const roller = new Roller(seed, seats, scheme);
  const chance = r.plies.filter((p) => p.player === "chance");
  let caused = 0;
  for (let i = 0; i < rolls.length; i++) {
    const p = chance[i];
    if (!p || !p.outcomes) throw new RecordError("verify.replay", { seq: seqs[r.plies.length] ?? rolls[i].seq });
    const cause = chain.causes[i] ?? "";
    const derived = await roller.roll(i, p.outcomes, unhex(cause));
    if (derived !== p.action) return { kind: "mismatch", game, rolls: i, roll: i, seq: rolls[i].seq, recorded: p.action, derived };
    if (cause) caused++;
  }
  if (r.error) throw new RecordError("verify.replay", { seq: seqs[r.plies.length] ?? rec.events.length });
  return { kind: "ok", game, rolls: rolls.length, scheme, caused, sig: await checkSignature(rec) };
}

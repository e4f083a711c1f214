// Starting a game: the request the create page sends for the opponent the
// visitor chose, and the lobby's game against the computer, which is the
// create page's choice "The computer" with the level, colour and clock
// chosen in the lobby's dialog; the time controls of both, as lichess's,
// with their speed class; the
// dice seeds of the seats this browser holds, given once the server has
// published its commitment, each with the commitment to the seat's first
// dice nonce (nonce.ts); the player's name, remembered in this browser.

import { api, newSeed, seats, CatalogGame, ClockRequest, GameView, SeatGrant } from "./api";
import { me } from "./session";
import { h } from "./dom";
import { t } from "./i18n";
import { firstCommit } from "./nonce";

/** nameKey remembers the player's name in this browser. */
const nameKey = "norns.name";

/** validName reports whether a display name is one the server takes: 1
 * to 24 letters (with their combining marks), digits, spaces or -_., not
 * beginning or ending with a space, with no character that shows as
 * nothing (a default ignorable code point, such as a Hangul filler, or the
 * Braille blank) and at least one letter or digit. */
export function validName(name: string): boolean {
  const n = [...name].length;
  return (
    n >= 1 &&
    n <= 24 &&
    /^[\p{L}\p{Mn}\p{Mc}\p{Nd} _.-]+$/u.test(name) &&
    name.trim() === name &&
    !/[\p{Default_Ignorable_Code_Point}\u2800]/u.test(name) &&
    /[\p{L}\p{Nd}]/u.test(name)
  );
}

/** storedName is the name remembered, if it is a valid one. */
export function storedName(): string | undefined {
  const n = localStorage.getItem(nameKey) ?? "";
  return validName(n) ? n : undefined;
}

/** NameField is the field of the player's name. */
export interface NameField {
  el: HTMLElement;
  /** value is the name to send: undefined when the field is empty, null
   * when it is not a valid name (the field then says why). */
  value(): string | undefined | null;
}

/** nameField builds the field of the player's name, filled with the one
 * remembered; a valid name is remembered as it is typed, an empty field
 * forgets it. */
export function nameField(): NameField {
  // A signed-in player plays under their user name, which the server
  // gives the seat whatever the field says.
  const signedIn = me?.name;
  const input = h("input", { type: "text", id: "player-name", maxlength: "24", autocomplete: "nickname", spellcheck: "false", value: signedIn ?? storedName() ?? "", readonly: !!signedIn, "aria-describedby": "player-name-error" });
  const bad = h("div", { class: "error", id: "player-name-error", role: "alert", hidden: true }, t("name.invalid"));
  const value = (): string | undefined | null => {
    const v = input.value;
    if (v === "") return undefined;
    return validName(v) ? v : null;
  };
  input.addEventListener("input", () => {
    if (signedIn) return;
    const v = value();
    bad.hidden = v !== null;
    input.setAttribute("aria-invalid", String(v === null));
    if (v === undefined) localStorage.removeItem(nameKey);
    else if (v) localStorage.setItem(nameKey, v);
  });
  const el = h("div", { class: "field name-field" }, h("label", { for: "player-name" }, t("name.label")), input, bad);
  return {
    el,
    value(): string | undefined | null {
      const v = value();
      bad.hidden = v !== null;
      return v;
    },
  };
}

/** Mode is who the creator plays against. */
export type Mode = "friend" | "ai" | "hotseat" | "custom";

/** SeatRequest is one seat of a new game as the API takes it. */
export interface SeatRequest {
  type: string;
  level?: string;
  name?: string;
  public?: boolean;
}

/** Choice is what the create form says. */
export interface Choice {
  mode: Mode;
  /** options are the game's options by name (max-turns left out). */
  options: Record<string, string>;
  /** me is the index of the creator's seat (modes friend and ai), or
   * "random": a random colour, as lichess's default (with three players,
   * a random seat order), drawn by the server. */
  me: number | "random";
  /** level is the computer's level (mode ai). */
  level: string;
  /** public lets anyone take an open seat from the lobby (modes friend
   * and custom). */
  public: boolean;
  /** custom are the seats one by one (mode custom). */
  custom: SeatRequest[];
  /** name is the creator's name, given to the creator's seat (in hot
   * seat, to none: the seats are several people's). */
  name?: string;
  /** listed puts a game for friends in the lists of games, for anybody
   * to watch. */
  listed?: boolean;
  clock?: ClockRequest;
  /** seed is the dice seed the creator typed for the seats this browser
   * holds; without it each gets a random one (newSeed). */
  seed?: string;
  /** rated asks for a rated game (a signed-in creator, modes friend and
   * custom). */
  rated?: boolean;
}

/** ClockPreset is a time control the create form offers. */
export interface ClockPreset {
  /** id is the preset's value in the form: "none", "3+2", "corr-3". */
  id: string;
  clock?: ClockRequest;
}

/** fischer is a clock of minutes for the game plus seconds a turn. */
export function fischer(min: number, inc: number): ClockRequest {
  return { initial_ms: Math.round(min * 60000), increment_ms: Math.round(inc * 1000) };
}

/** fischerPresets are lichess's time controls, minutes + seconds. */
export const fischerPresets: [number, number][] = [
  [1, 0],
  [2, 1],
  [3, 0],
  [3, 2],
  [5, 0],
  [5, 3],
  [10, 0],
  [10, 5],
  [15, 10],
  [30, 0],
  [30, 20],
];

/** customClock is the id of the choice of minutes and increment typed in. */
export const customClock = "custom";

/** clockPresets are the time controls of the create form, as lichess's:
 * none (the default), its presets from bullet to classical, a custom
 * one (minutes and increment typed in), and correspondence, days per
 * move. */
export const clockPresets: ClockPreset[] = [
  { id: "none" },
  ...fischerPresets.map(([min, inc]) => ({ id: `${min}+${inc}`, clock: fischer(min, inc) })),
  { id: customClock },
  ...[1, 2, 3, 5, 7, 10, 14].map((n) => ({ id: `corr-${n}`, clock: { days_per_move: n } })),
];

/** Speed is a speed class, as lichess's. */
export type Speed = "bullet" | "blitz" | "rapid" | "classical" | "correspondence";

/** speedOf is the speed class of a clock, as the server's (wire.Speed)
 * and lichess's: by the estimated duration initial + 40 × increment,
 * under 3 minutes bullet, under 8 blitz, under 25 rapid, else classical;
 * days per move and no clock are correspondence. */
export function speedOf(c?: ClockRequest): Speed {
  if (!c || "days_per_move" in c || !c.initial_ms) return "correspondence";
  const est = c.initial_ms + 40 * (c.increment_ms ?? 0);
  if (est < 180000) return "bullet";
  if (est < 480000) return "blitz";
  if (est < 1500000) return "rapid";
  return "classical";
}

/** speedLabel names a speed class in the reader's language. */
export function speedLabel(s: string): string {
  const keys: Record<string, string> = { bullet: "speed.bullet", blitz: "speed.blitz", rapid: "speed.rapid", classical: "speed.classical", correspondence: "speed.correspondence" };
  return keys[s] ? t(keys[s]) : s;
}

/** aiLevels are the computer's levels for a game. */
export function aiLevels(c: CatalogGame): string[] {
  return c.ai_levels.length ? c.ai_levels : ["easy", "medium", "hard"];
}

/** defaultLevel is the level the create form offers first: medium. */
export function defaultLevel(c: CatalogGame): string {
  const levels = aiLevels(c);
  return levels.includes("medium") ? "medium" : levels[0];
}

/** defaultOptions are the options of a game at their defaults, those the
 * create form shows (not max-turns). */
export function defaultOptions(c: CatalogGame): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of c.options) if (o.name !== "max-turns") out[o.name] = o.default;
  return out;
}

/** seatNames are the seats of a game with these options (the first two of
 * Nords Loki's three unless players is 3). */
export function seatNames(c: CatalogGame, options: Record<string, string>): string[] {
  const n = options.players ? Number(options.players) || c.players.length : c.players.length;
  return c.players.slice(0, Math.min(n, c.players.length));
}

/** computerGame is the lobby's choice against the computer: the level,
 * the visitor's seat (or "random") and the clock chosen, the default
 * options. */
export function computerGame(c: CatalogGame, level: string = defaultLevel(c), me: number | "random" = 0, clock?: ClockRequest): Choice {
  return { mode: "ai", options: defaultOptions(c), me, level, public: false, custom: [], name: storedName(), clock };
}

/** seatRequests are the seats of a new game for a choice. */
export function seatRequests(c: CatalogGame, ch: Choice): SeatRequest[] {
  const ps = seatNames(c, ch.options);
  // A random colour: the creator first, the server draws the order.
  const mine = ch.me === "random" ? 0 : ch.me;
  let req: SeatRequest[];
  switch (ch.mode) {
    case "friend":
      req = ps.map((_, i) => (i === mine ? { type: "human", name: ch.name } : { type: "open" }));
      break;
    case "ai":
      req = ps.map((_, i) => (i === mine ? { type: "human", name: ch.name } : { type: "ai", level: ch.level }));
      break;
    case "hotseat":
      req = ps.map(() => ({ type: "human" }));
      break;
    default:
      req = ch.custom.map((s) => ({ ...s }));
      const me = req.find((s) => s.type === "human");
      if (me) me.name = ch.name;
  }
  if (ch.public && (ch.mode === "friend" || ch.mode === "custom")) for (const s of req) if (s.type === "open") s.public = true;
  return req;
}

/** startGame creates the game of a choice, keeps the seat tokens this
 * browser gets, gives a dice seed for each of those seats in a game with
 * dice (the server published its commitment in the answer, before any
 * seed), and returns the game's id and its open seats (none when every
 * seat is taken, and the game can be opened at once). */
export async function startGame(c: CatalogGame, ch: Choice): Promise<{ id: string; open: SeatGrant[] }> {
  const listed = ch.listed && (ch.mode === "friend" || ch.mode === "custom") ? true : undefined;
  const color = ch.me === "random" && (ch.mode === "friend" || ch.mode === "ai") ? "random" : undefined;
  const r = await api.create({ game: c.name, options: ch.options, seats: seatRequests(c, ch), clock: ch.clock, public: listed, color, rated: ch.rated && (ch.mode === "friend" || ch.mode === "custom") ? true : undefined });
  const mine: string[] = [];
  for (const g of r.seats) {
    if (!g.token) continue;
    seats.add(r.id, g.player, g.token);
    mine.push(g.player);
  }
  if (c.chance) {
    // A seed that did not arrive is given by the game page, which gives
    // every seed the game still waits for from this browser.
    await giveSeeds(r.id, mine, ch.seed, r.game?.fairness?.scheme).catch((e) => console.warn("dice seeds:", e));
  }
  return { id: r.id, open: r.seats.filter((g) => g.kind === "open") };
}

/** giveSeeds gives a dice seed for each of the players whose seat this
 * browser holds, one after the other: the seed typed, else a fresh one
 * (newSeed), with the commitment to the seat's first nonce in a game of
 * the scheme given (each seat its own secret: firstCommit); and returns
 * the game's view after the last one (null when it gave none). A join
 * sends its seed in the join request; the game page lets a seat change
 * its seed until the first roll. */
export async function giveSeeds(id: string, players: string[], seed?: string, scheme?: string): Promise<GameView | null> {
  const held = seats.all(id);
  let v: GameView | null = null;
  for (const p of players) {
    if (held[p]) v = await api.seed(id, held[p], seed || newSeed(), await firstCommit(id, p, scheme));
  }
  return v;
}

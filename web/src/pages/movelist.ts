// The game page's move list: the plies of a game grouped into turns (a
// chess game's moves in pairs, "1. e4 e5"; a Seiðr turn with its quiet
// move, each roll of its seiðr and its call of steel; a Lux et Umbra turn
// with its dice and its moves; a Nords Loki turn with its roll and its
// steps), every roll explained in words, numbers of any size. The same
// words make the status line while the page shows a roll.

import { h, Child } from "../dom";
import { t } from "../i18n";
import { Ply } from "../api";
import { playerLabel, sanText } from "./common";
import { info } from "../games";

/** Turn is one line of the move list: the plies it groups (indices into
 * the plies), its number and its player. */
export interface Turn {
  /** n: the turn's number, 0 for none (Nords Loki's draw for the first
   * player). */
  n: number;
  /** second: the turn of a player who does not open the numbered round
   * (Black's reply: 1… e5). */
  second: boolean;
  player: string;
  plies: number[];
}

/** before is the position a ply was played in. */
export function before(plies: Ply[], start: string, i: number): string {
  return i > 0 ? plies[i - 1].position : start;
}

/** turnsOf groups a game's plies into turns. A turn begins with a player's
 * move in the games without dice; in Seiðr with a quiet move (the phase
 * before it is quiet); in Lux et Umbra and Nords Loki with a roll (Nords
 * Loki's draw for the first player is a turn of its own). */
export function turnsOf(game: string, plies: Ply[], start: string): Turn[] {
  const out: Turn[] = [];
  let cur: Turn | null = null;
  let n = 0;
  let first = "";
  plies.forEach((p, i) => {
    const prev = before(plies, start, i);
    let begins: boolean;
    if (game === "seidr") begins = p.player !== "chance" && fenField(prev, 6) === "quiet";
    else if (game === "luxumbra") begins = p.player === "chance" || !cur;
    else if (game === "nordsloki") begins = p.player === "chance" || !cur;
    else begins = p.player !== "chance" || !cur;
    if (begins || !cur) {
      let player = p.player;
      if (game === "luxumbra") player = fenField(prev, 1) === "b" ? "black" : "white";
      if (game === "nordsloki" && p.player === "chance") player = lokiMover(prev);
      const draw = game === "nordsloki" && /^p\d$/.test(p.action);
      if (!first && !draw) first = player;
      if (!draw && (player === first || game === "nordsloki")) n++;
      cur = { n: draw ? 0 : Math.max(n, 1), second: !draw && player !== first && game !== "nordsloki", player, plies: [] };
      out.push(cur);
    }
    cur.plies.push(i);
  });
  return out;
}

/** paired says whether a game's move list shows its turns in pairs. */
export function paired(game: string): boolean {
  return game === "chess" || game === "samurai" || info(game)?.board === "tafl";
}

function fenField(pos: string, i: number): string {
  return pos.split(" ")[i] ?? "";
}

/** lokiMover is the seat a Nords Loki position waits for ("roll:p2",
 * "move:p2:6-4-1:e"); "chance" for the draw of the first player. */
function lokiMover(pos: string): string {
  const m = /(?:^| )(?:roll|move):(p\d)/.exec(pos);
  return m ? m[1] : "chance";
}

// ---- Seiðr ----------------------------------------------------------

/** flippedArrows: the board is seen from Black's side, and a roll's arrow
 * points as the board shows the slide. */
let flippedArrows = false;
export function setFlipped(on: boolean): void {
  flippedArrows = on;
}

const arrows: Record<string, string> = { "0,1": "↑", "1,1": "↗", "1,0": "→", "1,-1": "↘", "0,-1": "↓", "-1,-1": "↙", "-1,0": "←", "-1,1": "↖" };
const faces: [number, number][] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
];

/** board reads a FEN board: squares [file][rank], 0-based from a1. */
function board(pos: string): (string | null)[][] {
  const b: (string | null)[][] = Array.from({ length: 8 }, () => Array(8).fill(null));
  const rows = pos.split(" ")[0].split("[")[0].split("/");
  rows.forEach((row, r) => {
    let f = 0;
    for (const c of row) {
      if (/\d/.test(c)) f += Number(c);
      else if (f < 8) b[f++][7 - r] = c;
    }
  });
  return b;
}

const sq = (f: number, r: number) => "abcdefgh"[f] + (r + 1);

/** pieceName names a piece with its colour ("white pawn"). */
export function pieceName(c: string): string {
  const names: Record<string, string> = {
    K: "piece.white-king",
    Q: "piece.white-queen",
    R: "piece.white-rook",
    B: "piece.white-bishop",
    N: "piece.white-knight",
    P: "piece.white-pawn",
    k: "piece.black-king",
    q: "piece.black-queen",
    r: "piece.black-rook",
    b: "piece.black-bishop",
    n: "piece.black-knight",
    p: "piece.black-pawn",
  };
  return names[c] ? t(names[c]) : c;
}

/** seidrRoll explains a roll of the seiðr in the position it was rolled
 * in (rules 2B): the die and its direction as the board shows it (the
 * arrow turned round on a flipped board), then
 * the slide, a swap, or the end at the edge, and any pawn removed. */
export function seidrRoll(pos: string, face: number): string[] {
  const b = board(pos);
  const white = fenField(pos, 1) !== "b";
  const carrier = fenField(pos, 7);
  const [df0, dr0] = faces[face - 1] ?? [0, 0];
  const df = white ? df0 : -df0;
  const dr = white ? dr0 : -dr0;
  const die = t("seidr.line.die", { face, arrow: arrows[flippedArrows ? `${-df},${-dr}` : `${df},${dr}`] ?? "" });
  if (!/^[a-h][1-8]$/.test(carrier)) return [die];
  const f0 = carrier.charCodeAt(0) - 97;
  const r0 = Number(carrier[1]) - 1;
  const c = b[f0][r0] ?? "?";
  const on = (f: number, r: number) => f >= 0 && f < 8 && r >= 0 && r < 8;
  let f = f0 + df;
  let r = r0 + dr;
  const out: string[] = [];
  if (!on(f, r)) {
    out.push(die + ": " + t("seidr.line.edge"));
    if ((c === "P" || c === "p") && (r0 === 0 || r0 === 7)) out.push(t("seidr.line.removed", { piece: pieceName(c), square: carrier }));
    return out;
  }
  while (on(f + df, r + dr) && !b[f][r]) {
    f += df;
    r += dr;
  }
  const met = b[f][r];
  if (!met) {
    out.push(`${die}: ${pieceName(c)} ${carrier} → ${sq(f, r)}`);
    return out;
  }
  out.push(`${die}: ${pieceName(c)} ${carrier} ⇄ ${pieceName(met)} ${sq(f, r)}`);
  if ((met === "P" || met === "p") && (r0 === 0 || r0 === 7)) out.push(t("seidr.line.removed", { piece: pieceName(met), square: carrier }));
  return out;
}

// ---- Lux et Umbra ---------------------------------------------------

/** luxRoll says what a roll of the colour dice lets the player do. */
export function luxRoll(roll: string): string {
  switch (roll) {
    case "LL":
      return t("lux.roll.LL");
    case "SS":
      return t("lux.roll.SS");
    case "LS":
    case "SL":
      return t("lux.roll.LS");
    case "L":
      return t("lux.roll.L");
    case "S":
      return t("lux.roll.S");
  }
  return roll;
}

// ---- Nords Loki -----------------------------------------------------

interface LokiState {
  /** fields[f][player] = [konungs, warriors, returning] */
  fields: Map<number, { owner: string; n: number; k: boolean }>;
  waiting: Record<string, number>;
  lives: Record<string, number>;
  ghosts: Set<number>;
}

function lokiState(pos: string): LokiState {
  const s: LokiState = { fields: new Map(), waiting: {}, lives: {}, ghosts: new Set() };
  for (const w of pos.split(" ")) {
    const m = /^(p\d)=([^/]*)\/([^/]*)\/([^/]*)\/(.*)$/.exec(w);
    if (m) {
      const count = (g: string) => [...g.matchAll(/(\d*)[KWR]/g)].reduce((n, x) => n + (x[1] ? Number(x[1]) : 1), 0);
      if (m[2] !== "-")
        for (const item of m[2].split(",")) {
          const [f, g] = item.split(":");
          s.fields.set(Number(f), { owner: m[1], n: count(g), k: g.includes("K") });
        }
      s.waiting[m[1]] = m[3] === "-" ? 0 : count(m[3]);
      s.lives[m[1]] = Number(m[5]);
    } else if (w.startsWith("ghosts=") && w !== "ghosts=-") {
      for (const f of w.slice(7).split(",")) s.ghosts.add(Number(f));
    }
  }
  return s;
}

/** lokiFirst is the line of the draw for the first player. */
export function lokiFirst(roll: string): string {
  return t("loki.line.first", { player: playerLabel(roll) });
}

/** lokiStep explains a step: the step, and a checker it hits; at the end
 * of a turn (end: the position after it waits for another roll), the
 * ships that sank and the checkers that sank with a ghost ship. */
export function lokiStep(a: string, b: string, step: string, mover: string, end: boolean): string[] {
  const out: string[] = [];
  const x = lokiState(a);
  const y = lokiState(b);
  const m = /^[KWR](\d+)\/(\d+)/.exec(step);
  const to = m ? Number(m[2]) : -1;
  const from = m ? Number(m[1]) : -1;
  const hit = x.fields.get(to);
  if (hit && hit.owner !== mover && hit.n === 1) {
    out.push(t(hit.k ? "loki.line.hitkonung" : "loki.line.hit", { step, player: playerLabel(hit.owner) }));
  } else out.push(step);
  if (!end) return out;
  // ODIN (7.2): the checkers on ghost ships go back to wait, every ship
  // is upright again.
  if (x.ghosts.size > 0 && y.ghosts.size === 0 && [24, 23, 11, 10].every((f) => y.fields.get(f)?.owner === mover)) {
    out.push(t("loki.odin"));
    return out;
  }
  for (let f = 1; f <= 24; f++) {
    const turned = x.ghosts.has(f) !== y.ghosts.has(f);
    const now = y.fields.get(f);
    if (turned && !now) {
      // Overloaded: every checker on it sank (6.1).
      let n = x.fields.get(f)?.n ?? 0;
      if (f === to) n += 1;
      if (f === from) n -= 1;
      out.push(t("loki.line.sank", { field: f, n: Math.max(n, 5) }));
    } else if (!turned && x.ghosts.has(f) && !now && f !== from && x.fields.get(f)) {
      out.push(t("loki.line.ghostsank", { field: f }));
    } else if (!turned && x.ghosts.has(f) && !now && f === from && (x.fields.get(f)?.n ?? 0) === 2) {
      out.push(t("loki.line.ghostsank", { field: f }));
    }
  }
  return out;
}

// ---- Lines ----------------------------------------------------------

/** Said is a ply in words: the text of the ply (the SAN, a roll in
 * words) and what it did. */
export interface Said {
  text: string;
  notes: string[];
}

/** sayPly says a ply in words. */
export function sayPly(game: string, plies: Ply[], start: string, i: number): Said {
  const p = plies[i];
  const prev = before(plies, start, i);
  const notes: string[] = [];
  let text = p.san ? sanText(p.san) : p.action;
  if (game === "seidr") {
    if (p.player === "chance") {
      const lines = seidrRoll(prev, Number(p.action));
      text = lines[0];
      notes.push(...lines.slice(1));
    } else if (fenField(prev, 6) === "steel") text = t("seidr.line.steel", { move: text });
    // The passes the game made: after a roll, the call of steel skipped
    // (2C.2); else a turn lost for want of a quiet move (2A.4), the
    // players' in turn.
    let afterRoll = p.player === "chance";
    let who = p.player === "chance" ? (fenField(prev, 1) === "b" ? "black" : "white") : p.player;
    for (const a of p.auto ?? []) {
      if (a !== "pass") continue;
      if (afterRoll) notes.push(t("seidr.line.nosteel"));
      else {
        who = who === "white" ? "black" : "white";
        notes.push(t("seidr.line.lost", { player: playerLabel(who) }));
      }
      afterRoll = false;
    }
  } else if (game === "luxumbra") {
    if (p.player === "chance") text = luxRoll(p.action);
    else {
      // A move's die is the colour of the square it leaves (rule 6).
      const m = /^([a-h])([1-8])/.exec(p.action);
      if (m) text += ` (${t((m[1].charCodeAt(0) - 97 + Number(m[2]) - 1) % 2 === 1 ? "lux.light" : "lux.shadow")})`;
    }
    for (const a of p.auto ?? []) if (a === "pass") notes.push(t("lux.line.nosecond"));
  } else if (game === "nordsloki") {
    if (p.player === "chance") {
      if (/^p\d$/.test(p.action)) text = lokiFirst(p.action);
      else text = t("loki.line.roll", { dice: p.action });
      for (const a of p.auto ?? []) if (a === "pass") notes.push(t("loki.line.pass"));
    } else {
      const end = !p.position.includes(` move:${p.player}:`);
      const lines = lokiStep(prev, p.position, p.action, p.player, end);
      text = lines[0];
      notes.push(...lines.slice(1));
    }
  } else {
    for (const a of p.auto ?? []) notes.push(a);
  }
  return { text, notes };
}

/** statusOfPly is the status line while the page shows a ply. */
export function statusOfPly(game: string, plies: Ply[], start: string, i: number): string {
  const p = plies[i];
  const said = sayPly(game, plies, start, i);
  const all = [said.text, ...said.notes].join("; ");
  if (game === "seidr" && p.player === "chance") return t("status.seidr.roll", { what: all });
  if (game === "nordsloki" && p.player === "chance" && !/^p\d$/.test(p.action)) return t("status.loki.moves", { player: playerLabel(lokiMover(before(plies, start, i))), dice: p.action });
  if (game === "nordsloki" && p.player !== "chance") {
    const m = /move:p\d:([\d-]+)/.exec(before(plies, start, i));
    return t("status.loki.moves", { player: playerLabel(p.player), dice: m ? m[1] : "" }) + ": " + all;
  }
  if (p.player === "chance") return all;
  return `${playerLabel(p.player)}: ${all}`;
}

/** plyButton is a ply in the list, a button that shows its position. */
function plyButton(said: Said, i: number, current: number, onPick: (i: number) => void): HTMLElement {
  return h(
    "button",
    { type: "button", class: "ply" + (i === current ? " current" : ""), "data-ply": i, onclick: () => onPick(i) },
    said.text,
    said.notes.length ? h("span", { class: "notes" }, said.notes.map((n) => h("span", { class: "note" }, n))) : null,
  );
}

/** turnLines draws the turns as the list's items: pairs for the games
 * without dice, else a line for each turn with the player's name and each
 * roll on a line of its own inside it. current is the ply shown, -1 for
 * the live position; breaks are the plies before which a pair is cut (a
 * line of the list, an offer, comes between its two moves). */
export function turnLines(game: string, plies: Ply[], start: string, turns: Turn[], current: number, onPick: (i: number) => void, breaks = new Set<number>()): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (paired(game)) {
    let row: HTMLElement | null = null;
    let rowN = -1;
    const players = plies.length ? [plies[0].player] : [];
    for (const tr of turns) {
      const p = plies[tr.plies[0]];
      const firstSide = players[0] === p.player;
      if (!row || firstSide || rowN !== tr.n || breaks.has(tr.plies[0])) {
        row = h("li", { class: "pair", "data-turn": tr.n }, h("span", { class: "num" }, `${tr.n}.`));
        if (!firstSide) row.append(h("span", { class: "ply empty" }, "…"));
        rowN = tr.n;
        out.push(row);
      }
      for (const i of tr.plies) row.append(plyButton(sayPly(game, plies, start, i), i, current, onPick));
    }
    return out;
  }
  for (const tr of turns) {
    const rows: Child[] = [];
    for (const i of tr.plies) rows.push(plyButton(sayPly(game, plies, start, i), i, current, onPick));
    const who = tr.player === "chance" ? "" : playerLabel(tr.player);
    // A Nords Loki turn reads as one line: the player, the roll, the
    // steps, what sank.
    out.push(h("li", { class: "turn-line" + (game === "nordsloki" ? " inline" : ""), "data-turn": tr.n, "data-player": tr.player }, h("span", { class: "num" }, tr.n ? `${tr.n}${tr.second ? "…" : "."}` : ""), h("span", { class: "turn-body" }, who ? h("span", { class: "who" }, game === "nordsloki" ? who + ":" : who) : null, rows)));
  }
  return out;
}

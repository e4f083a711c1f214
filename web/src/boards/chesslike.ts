// The 8x8 boards: chess, Seiðr, Lux et Umbra and Samurai chess, drawn
// from the FEN in the game's position string.

import { h, s, clear } from "../dom";
import { t } from "../i18n";
import { GridBoard, MoveSpec, PieceSpec, Sq } from "./grid";
import { piece, pieceIcon } from "./pieces";
import { GameBoard, View } from "./types";
import { watchingBadge } from "./check";

const files = "abcdefgh";
export const sqName = (sq: Sq) => files[sq % 8] + (Math.floor(sq / 8) + 1);
export function parseSq(n: string): Sq {
  return (Number(n[1]) - 1) * 8 + files.indexOf(n[0]);
}
const lightSq = "#ecdcb8";
const darkSq = "#a9825a";
const isDark = (sq: Sq) => (sq % 8) % 2 === Math.floor(sq / 8) % 2;

/** fenBoard reads the board field of a FEN. */
export function fenBoard(field: string): Map<Sq, string> {
  const m = new Map<Sq, string>();
  const rows = field.split("/");
  rows.forEach((row, i) => {
    let f = 0;
    const r = 7 - i;
    for (const c of row) {
      if (c >= "1" && c <= "8") f += Number(c);
      else {
        m.set(r * 8 + f, c);
        f++;
      }
    }
  });
  return m;
}

export const uci = /^([a-h][1-8])([a-h][1-8])([qrbn]?)$/;
const names: Record<string, string> = { k: "piece.king", q: "piece.queen", r: "piece.rook", b: "piece.bishop", n: "piece.knight", p: "piece.pawn" };
// cardNames name a Samurai card by its piece, as "the card of" says it.
const cardNames: Record<string, string> = { k: "card.king", q: "card.queen", r: "card.rook", b: "card.bishop", n: "card.knight", p: "card.pawn" };
// The pieces with their colour, whole (an adjective agrees with its noun).
const fullNames: Record<string, string> = {
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
/** pieceName is a piece's name with its colour ("white pawn"). */
export const pieceName = (c: string) => t(fullNames[c]);

// The promotion picker's order: the queen first.
const promoOrder = "qrbn";

function moveSpecs(legal: string[], white: boolean): MoveSpec[] {
  const out: MoveSpec[] = [];
  for (const text of legal) {
    const m = uci.exec(text);
    if (!m) continue;
    const promo = m[3];
    const letter = white ? promo.toUpperCase() : promo;
    out.push({
      from: parseSq(m[1]),
      to: parseSq(m[2]),
      text,
      choice: promo ? { label: t(names[promo]), icon: () => piece(letter), order: promoOrder.indexOf(promo) } : undefined,
    });
  }
  return out;
}

/** seidrTurn is the squares of the moves of the last turn of Seiðr (the
 * quiet move and the capture of the call of steel), from the history. */
function seidrTurn(history: string[]): Sq[] {
  const out: Sq[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const m = uci.exec(history[i]);
    if (!m) continue;
    out.push(parseSq(m[1]), parseSq(m[2]));
    // The quiet move, followed by the rolls of its seiðr, began the turn.
    if (/^[1-8]$/.test(history[i + 1] ?? "")) break;
  }
  return out;
}

function lastUci(history: string[]): Sq[] {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = uci.exec(history[i]);
    if (m) return [parseSq(m[1]), parseSq(m[2])];
  }
  return [];
}

/** ChessLike is the board of the four 8x8 games. */
export class ChessLike implements GameBoard {
  el: HTMLElement;
  grid: GridBoard;
  private side: HTMLElement;
  private top: HTMLElement;
  private bottom: HTMLElement;
  onMove: (text: string) => void = () => {};
  private view: View | null = null;
  // Seiðr: the board and history shown last, and the squares changed in
  // the turn shown (the quiet move, every swap of the seiðr, the capture).
  private prevBoard: Map<Sq, string> | null = null;
  private prevHistory: string[] = [];
  private prevPhase = "";
  private turnSquares = new Set<Sq>();

  constructor(readonly game: string) {
    this.grid = new GridBoard(8, 8, sqName, (sq) => (isDark(sq) ? darkSq : lightSq));
    this.grid.onMove = (m) => this.onMove(m);
    this.grid.onSelect = (ms) => this.selected(ms);
    this.side = h("div", { class: "board-side" });
    this.top = h("div", { class: "board-extra top" });
    this.bottom = h("div", { class: "board-extra bottom" });
    const wrap = h("div", { class: "board-wrap" }, this.grid.el);
    this.el = h("div", { class: "game-board chesslike " + game }, this.top, wrap, this.bottom, this.side);
  }

  finish(): void {
    this.grid.finish();
  }

  flip(): void {
    this.grid.flipped = !this.grid.flipped;
    if (this.view) this.extras(this.view);
  }

  async update(v: View, animate: boolean): Promise<void> {
    this.el.dataset.position = v.position;
    this.view = v;
    const fields = v.position.split(" ");
    let boardField = fields[0];
    let cards = "";
    const br = boardField.indexOf("[");
    if (br >= 0) {
      cards = boardField.slice(br + 1, boardField.indexOf("]"));
      boardField = boardField.slice(0, br);
    }
    const white = fields[1] !== "b";
    const board = fenBoard(boardField);
    const moves = moveSpecs(v.legal, white);
    const movable = new Set(moves.map((m) => m.from));
    // Samurai: the cards of the player to move.
    const hands = cards.split("/")[0] ?? "";
    const hand = white ? hands.replace(/[a-z]/g, "") : hands.replace(/[A-Z]/g, "").toUpperCase();
    const pieces = new Map<Sq, PieceSpec>();
    for (const [sq, c] of board) {
      const own = (c === c.toUpperCase()) === white;
      const cls: string[] = [];
      let label = pieceName(c);
      if (this.game === "samurai" && own) {
        // Two marks: a piece of the player to move without a card is
        // faded; one with a card and a legal move has a dot (for the
        // player to move); one with a card but blocked has neither.
        if (!hand.includes(c.toUpperCase())) {
          cls.push("nocard");
          label += ", " + t("samurai.nocard");
        } else if (v.legal.length > 0) cls.push(movable.has(sq) ? "can-move" : "blocked");
      }
      pieces.set(sq, { key: c, draw: () => piece(c), label, cls });
    }
    // Premoves in the games without dice: the pieces of the seat this
    // browser holds while the opponent is to move.
    const held = v.held ?? [];
    const premovable: Sq[] = [];
    if ((this.game === "chess" || this.game === "samurai") && !v.over && v.legal.length === 0 && held.length === 1 && v.toMove !== held[0] && v.toMove >= 0) {
      for (const [sq, c] of board) if ((c === c.toUpperCase()) === (held[0] === 0)) premovable.push(sq);
    }
    // The viewer's pieces on the viewer's turn: premoves right after the
    // move made, before the server answers.
    const own: Sq[] = [];
    if ((this.game === "chess" || this.game === "samurai") && !v.over && v.legal.length > 0 && held.length === 1 && v.toMove === held[0]) {
      for (const [sq, c] of board) if ((c === c.toUpperCase()) === (held[0] === 0)) own.push(sq);
    }
    const tint = new Map<Sq, string>();
    const ring: Sq[] = [];
    if (this.game === "luxumbra") {
      const dice = fields[6] ?? "";
      const open = dice.replace(/[a-z-]/g, "");
      for (let sq = 0; sq < 64; sq++) {
        if ((open.includes("L") && !isDark(sq)) || (open.includes("S") && isDark(sq))) tint.set(sq, isDark(sq) ? "rgba(40,20,90,0.35)" : "rgba(255,230,120,0.45)");
      }
    }
    if (this.game === "seidr" && fields[7] && fields[7] !== "-") ring.push(parseSq(fields[7]));
    const last = this.game === "seidr" ? this.seidrLast(v, board, fields[6] ?? "quiet") : lastUci(v.history);
    const check = (v.check ?? []).filter((x) => /^[a-h][1-8]$/.test(x)).map(parseSq);
    await this.grid.set({ pieces, moves, last, tint, ring, check, premovable, own, over: v.over }, animate, v.slideMs);
    this.cards = cards;
    this.extras(v);
  }

  private cards = "";

  /** seidrLast is the squares of the last turn of Seiðr: shown move by
   * move, every square the turn changed (the quiet move, each swap of the
   * seiðr, the capture); else the moves of the last turn. */
  private seidrLast(v: View, board: Map<Sq, string>, phase: string): Sq[] {
    const prev = this.prevBoard;
    const before = this.prevHistory;
    const grown = prev !== null && v.history.length > before.length && before.every((a, i) => v.history[i] === a);
    if (grown) {
      // A turn begins with the quiet move played in the quiet phase.
      if (this.prevPhase === "quiet") this.turnSquares = new Set(seidrTurn(v.history.slice(before.length)));
      for (let sq = 0; sq < 64; sq++) if (prev.get(sq) !== board.get(sq)) this.turnSquares.add(sq);
    } else if (prev === null || v.history.length !== before.length || !before.every((a, i) => v.history[i] === a)) {
      this.turnSquares = new Set(seidrTurn(v.history));
    }
    this.prevBoard = board;
    this.prevHistory = [...v.history];
    this.prevPhase = phase;
    return [...this.turnSquares];
  }

  /** extras draws what the game shows beside the board. */
  private extras(v: View): void {
    clear(this.top);
    clear(this.bottom);
    clear(this.side);
    const fields = v.position.split(" ");
    if (this.game === "seidr") this.seidr(v, fields);
    if (this.game === "luxumbra") this.lux(fields[6] ?? "", v.over);
    if (this.game === "samurai") this.samurai(fields[1] !== "b");
    const w = watchingBadge(v);
    if (w) this.side.prepend(w);
  }

  private seidr(v: View, fields: string[]): void {
    const phase = fields[6] ?? "quiet";
    // The rolls of the turn in progress (or of the last turn), with the
    // colour of the player whose turn they were in: their arrows point
    // that player's way whoever is to move now (2B.1).
    const turns = seidrTurns(v.history);
    const current = turns[turns.length - 1];
    const shownTurn = phase !== "quiet" ? current : [...turns].reverse().find((x) => x.rolls.length > 0);
    const rolls = shownTurn?.rolls ?? [];
    const white = shownTurn?.white ?? true;
    const phases: Record<string, string> = { quiet: "seidr.phase.quiet", seidr: "seidr.phase.seidr", steel: "seidr.phase.steel" };
    this.side.append(
      h("ol", { class: "phases", "aria-label": t("seidr.phase") }, Object.entries(phases).map(([p, key]) => h("li", { class: p === phase ? "on" : "" }, t(key)))),
      h(
        "div",
        { class: "rolls", "aria-label": t("seidr.rolls") },
        rolls.length === 0 ? h("span", { class: "muted" }, t("seidr.norolls")) : rolls.map((r) => d8(Number(r), white, this.grid.flipped)),
      ),
    );
  }

  private lux(dice: string, over: boolean): void {
    const box = h("div", { class: "lux-dice", "aria-label": t("lux.dice") });
    if ((dice === "--" || dice === "-") && !over) box.append(h("span", { class: "muted" }, t("lux.toroll")));
    for (const c of dice.replace(/-/g, "")) {
      const used = c === c.toLowerCase();
      const light = c.toUpperCase() === "L";
      box.append(
        h(
          "span",
          { class: `cdie ${light ? "light" : "shadow"}${used ? " used" : ""}`, title: t(light ? "lux.light" : "lux.shadow") + (used ? " — " + t("lux.used") : "") },
          t(light ? "lux.light" : "lux.shadow"),
        ),
      );
    }
    this.side.append(box);
  }

  private samurai(whiteToMove: boolean): void {
    const [hands, deck = ""] = this.cards.split("/");
    const wh = hands.replace(/[a-z]/g, "");
    const bh = hands.replace(/[A-Z]/g, "");
    const hand = (cs: string, who: string, mine: boolean) =>
      h(
        "div",
        { class: "hand" + (mine ? " to-move" : ""), "aria-label": t("samurai.hand", { player: who }) },
        h("span", { class: "hand-name" }, who),
        h("span", { class: "cards" }, [...cs].map((c) => h("span", { class: "card", "data-card": c.toUpperCase() }, pieceIcon(c, 26)))),
      );
    const black = hand(bh, t("piece.black"), !whiteToMove);
    const white = hand(wh, t("piece.white"), whiteToMove);
    const deckEl = h(
      "div",
      { class: "hand deck", "aria-label": t("samurai.deck") },
      h("span", { class: "hand-name" }, t("samurai.deck")),
      h("span", { class: "cards" }, [...deck].map((c) => h("span", { class: "card" }, pieceIcon(c, 26)))),
    );
    this.top.append(this.grid.flipped ? white : black);
    this.bottom.append(this.grid.flipped ? black : white);
    this.side.append(deckEl, h("div", { class: "samurai-legend" }, t("samurai.marks")), h("div", { class: "gives", id: "gives" }));
  }

  private selected(ms: MoveSpec[]): void {
    if (this.game !== "samurai") return;
    const gives = this.el.querySelector("#gives");
    if (!gives) return;
    clear(gives);
    this.el.querySelectorAll(".card.giving").forEach((c) => c.classList.remove("giving"));
    if (ms.length === 0 || !this.view) return;
    const fields = this.view.position.split(" ");
    const boardField = fields[0].slice(0, fields[0].indexOf("["));
    const board = fenBoard(boardField);
    const c = board.get(ms[0].from);
    if (!c) return;
    // 2.2: the mover gives a card of the moved type to the opponent, unless
    // the opponent has no piece of that type.
    const white = c === c.toUpperCase();
    const type = c.toUpperCase();
    const oppHas = [...board.values()].some((x) => x.toUpperCase() === type && (x === x.toUpperCase()) !== white);
    const mine = this.el.querySelector(`.hand.to-move .card[data-card="${type}"]`);
    if (oppHas) mine?.classList.add("giving");
    // The card named as "the card of a knight" ("карту коня").
    const card = t(cardNames[type.toLowerCase()]);
    gives.append(oppHas ? t("samurai.gives", { card }) : t("samurai.keeps", { card }));
  }
}

/** SeidrTurn is one turn of a Seiðr history: its player's colour, its
 * rolls, and whether it is over. */
interface SeidrTurn {
  white: boolean;
  rolls: string[];
  done: boolean;
}

/** seidrTurns splits a Seiðr history into turns, White first: a turn is
 * a quiet move, the rolls of its seiðr, then the capture of the call of
 * steel or a pass (2C.2); or a lost turn, a pass alone (2A.4). */
export function seidrTurns(history: string[]): SeidrTurn[] {
  const out: SeidrTurn[] = [];
  let white = true;
  let cur: SeidrTurn | null = null;
  for (const a of history) {
    if (cur === null) {
      // A turn begins: a quiet move, or a lost turn's pass.
      cur = { white, rolls: [], done: false };
      out.push(cur);
      if (a === "pass") {
        cur.done = true;
        cur = null;
        white = !white;
      }
      continue;
    }
    if (/^[1-8]$/.test(a)) cur.rolls.push(a);
    else {
      // The call of steel's capture, or its pass.
      cur.done = true;
      cur = null;
      white = !white;
    }
  }
  return out;
}

/** d8 draws a roll of the Seiðr die with the direction it means. */
function d8(face: number, white: boolean, flipped: boolean): HTMLElement {
  // 2B.1: 1 forward, then clockwise by 45°; for Black, forward is down.
  let angle = (face - 1) * 45;
  if (!white) angle += 180;
  if (flipped) angle += 180;
  const svg = s(
    "svg",
    { viewBox: "0 0 40 40", width: 40, height: 40, class: "d8" },
    s("polygon", { points: "20,2 38,20 20,38 2,20", class: "d8-face" }),
    s("text", { x: 20, y: 16, "text-anchor": "middle", class: "d8-num" }, String(face)),
    s("path", { d: "M20 34v-12m-4 4 4-4 4 4", class: "d8-arrow", transform: `rotate(${angle} 20 28)` }),
  );
  const dir = t(faceKeys[face - 1]);
  return h("span", { class: "roll", title: dir, "aria-label": `${face}: ${dir}` }, svg);
}

const faceKeys = ["dir.forward", "dir.forward-right", "dir.right", "dir.back-right", "dir.back", "dir.back-left", "dir.left", "dir.forward-left"];

// The tafl board (Sea Hnefatafl, Copenhagen, Fetlar, Brandubh, Tablut; 7x7
// to 19x19), drawn from the rows of the position string.

import { h, s, clear } from "../dom";
import { t } from "../i18n";
import { GridBoard, MoveSpec, PieceSpec, Sq, S } from "./grid";
import { GameBoard, View } from "./types";
import { watchingBadge } from "./check";

const letters = "abcdefghijklmnopqrs";

/** taflRows reads the rows of a tafl position: the size and the pieces. */
export function taflRows(position: string): { n: number; pieces: Map<Sq, string> } {
  const rows = position.split(" ")[0].split("/").filter((r) => r !== "");
  const n = rows.length;
  const pieces = new Map<Sq, string>();
  rows.forEach((row, i) => {
    const r = n - 1 - i;
    let f = 0;
    for (const m of row.matchAll(/(\d+)|([tTK])/g)) {
      if (m[1]) f += Number(m[1]);
      else {
        pieces.set(r * n + f, m[2]);
        f++;
      }
    }
  });
  return { n, pieces };
}

function stone(c: string): SVGElement {
  const g = s("g");
  if (c === "t") {
    g.append(s("circle", { cx: S / 2, cy: S / 2, r: 15, fill: "#2a2622", stroke: "#000", "stroke-width": 1.5 }));
    g.append(s("circle", { cx: S / 2 - 4, cy: S / 2 - 5, r: 4, fill: "#5b534b" }));
  } else {
    g.append(s("circle", { cx: S / 2, cy: S / 2, r: 15, fill: "#f4efe2", stroke: "#2a2622", "stroke-width": 1.5 }));
    if (c === "K") {
      g.append(s("path", { d: "M13 29l-1.5-12 6 5 5-9 5 9 6-5-1.5 12z", fill: "#d4a017", stroke: "#2a2622", "stroke-width": 1.2, "stroke-linejoin": "round" }));
    }
  }
  return g;
}

const pieceKeys: Record<string, string> = { t: "tafl.attacker", T: "tafl.defender", K: "tafl.king" };

/** Tafl is the board of the tafl games. corners marks the corners as
 * special squares (the games where the king escapes to a corner). */
export class Tafl implements GameBoard {
  el: HTMLElement;
  private grid: GridBoard | null = null;
  private wrap: HTMLElement;
  private info: HTMLElement;
  private flipped = false;
  onMove: (text: string) => void = () => {};

  constructor(private corners = false) {
    this.wrap = h("div", { class: "board-wrap" });
    this.info = h("div", { class: "board-side" });
    this.el = h("div", { class: "game-board tafl" }, this.wrap, this.info);
  }

  finish(): void {
    this.grid?.finish();
  }

  flip(): void {
    this.flipped = !this.flipped;
    if (this.grid) this.grid.flipped = this.flipped;
  }

  async update(v: View, animate: boolean): Promise<void> {
    this.el.dataset.position = v.position;
    const { n, pieces } = taflRows(v.position);
    if (!this.grid || this.grid.files !== n) {
      const name = (sq: Sq) => letters[sq % n] + (Math.floor(sq / n) + 1);
      const mid = (n - 1) / 2;
      this.grid = new GridBoard(n, n, name, (sq) => {
        const f = sq % n;
        const r = Math.floor(sq / n);
        if (f === mid && r === mid) return "#c9b48a";
        if (this.corners && (f === 0 || f === n - 1) && (r === 0 || r === n - 1)) return "#b89f6e";
        return (f + r) % 2 ? "#e2d2ab" : "#d3bf93";
      });
      this.grid.flipped = this.flipped;
      this.grid.onMove = (m) => this.onMove(m);
      clear(this.wrap, this.grid.el);
      animate = false;
    }
    const parse = (x: string): Sq => (Number(x.slice(1)) - 1) * n + letters.indexOf(x[0]);
    const moves: MoveSpec[] = [];
    for (const text of v.legal) {
      const m = /^([a-s]\d+)-([a-s]\d+)/.exec(text);
      if (m) moves.push({ from: parse(m[1]), to: parse(m[2]), text });
    }
    const specs = new Map<Sq, PieceSpec>();
    for (const [sq, c] of pieces) specs.set(sq, { key: c, draw: () => stone(c), label: t(pieceKeys[c]) });
    let last: Sq[] = [];
    const lm = v.history.length ? /^([a-s]\d+)-([a-s]\d+)/.exec(v.history[v.history.length - 1]) : null;
    if (lm) last = [parse(lm[1]), parse(lm[2])];
    const tint = new Map<Sq, string>();
    const ring: Sq[] = [];
    let note = "";
    if (v.over) {
      // The end shown on the board: the king escaped (on the edge, or on a
      // corner in the corner games), or the enclosed region (Sea 4.3): the
      // squares no flood from the edge reaches through squares free of
      // attackers. The reason of the end says which, when the view has it.
      const edge = (f: number, r: number) => f === 0 || r === 0 || f === n - 1 || r === n - 1;
      const corner = (f: number, r: number) => (f === 0 || f === n - 1) && (r === 0 || r === n - 1);
      for (const [sq, c] of pieces) {
        const f = sq % n;
        const r = Math.floor(sq / n);
        const escaped = v.reason ? v.reason === "king escaped" : this.corners ? corner(f, r) : edge(f, r);
        if (c === "K" && escaped) {
          ring.push(sq);
          note = t("tafl.escaped");
        }
      }
      if (!note && (!v.reason || v.reason === "white enclosed")) {
        const seen = new Set<Sq>();
        const stack: Sq[] = [];
        for (let sq = 0; sq < n * n; sq++) {
          const f = sq % n;
          const r = Math.floor(sq / n);
          if ((f === 0 || r === 0 || f === n - 1 || r === n - 1) && pieces.get(sq) !== "t") {
            seen.add(sq);
            stack.push(sq);
          }
        }
        while (stack.length) {
          const sq = stack.pop()!;
          const f = sq % n;
          for (const d of [f > 0 ? -1 : 0, f < n - 1 ? 1 : 0, -n, n]) {
            const x = sq + d;
            if (d === 0 || x < 0 || x >= n * n || seen.has(x) || pieces.get(x) === "t") continue;
            seen.add(x);
            stack.push(x);
          }
        }
        const enclosed = [...pieces].some(([sq, c]) => c !== "t" && !seen.has(sq));
        if (enclosed) {
          for (let sq = 0; sq < n * n; sq++) if (!seen.has(sq) && pieces.get(sq) !== "t") tint.set(sq, "rgba(160,30,30,0.25)");
          note = t("tafl.enclosed");
        }
      }
    }
    // Premoves: the stones of the seat this browser holds (black the
    // attackers, white the defenders and the king) while the opponent is
    // to move.
    const held = v.held ?? [];
    const premovable: Sq[] = [];
    if (!v.over && v.legal.length === 0 && held.length === 1 && v.toMove !== held[0] && v.toMove >= 0) {
      for (const [sq, c] of pieces) if ((c === "t") === (held[0] === 0)) premovable.push(sq);
    }
    const shown = this.grid.set({ pieces: specs, moves, last, tint, ring, premovable, over: v.over }, animate, v.slideMs);
    const count = (c: string) => [...pieces.values()].filter((x) => x === c).length;
    clear(
      this.info,
      watchingBadge(v),
      h("div", { class: "counts" }, h("span", null, t("tafl.attackers", { n: count("t") })), " · ", h("span", null, t("tafl.defenders", { n: count("T") }))),
      note ? h("div", { class: "end-note" }, note) : null,
    );
    return shown;
  }
}

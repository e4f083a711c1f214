// GridBoard draws a square board of any size in SVG and handles the
// player's input: click a piece then a target, or drag it, or do the same
// from the keyboard. It knows no rules: the moves it allows are the legal
// moves the server listed, each given as a from square, a to square and
// its text.
//
// The keyboard follows the WAI-ARIA grid pattern: the squares are the
// cells of a grid, one Tab stop (a roving tabindex); the arrows move the
// focus square by square as the board is seen (flipped or not), Home and
// End to the ends of the row, Ctrl+Home and Ctrl+End to the corners;
// Enter or Space on a square does what a click on it does; Escape drops
// the piece picked up (or closes the promotion picker).

import { s, clear } from "../dom";
import { t } from "../i18n";

/** Sq is a square index: rank * files + file, rank 0 at the bottom. */
export type Sq = number;

/** PieceSpec is what stands on a square: a key that identifies the kind
 * (for animation) and how to draw it on a 45 by 45 square. */
export interface PieceSpec {
  key: string;
  draw: () => SVGElement;
  label: string;
  dim?: boolean;
  /** cls are more classes of the piece (Samurai's marks). */
  cls?: string[];
}

/** MoveSpec is one legal move on the board. */
export interface MoveSpec {
  from: Sq;
  to: Sq;
  text: string;
  /** choice distinguishes moves with the same squares (promotions). */
  choice?: { label: string; icon?: () => SVGElement; order?: number };
}

export interface GridState {
  pieces: Map<Sq, PieceSpec>;
  moves: MoveSpec[];
  last?: Sq[];
  tint?: Map<Sq, string>;
  marks?: Map<Sq, string>;
  ring?: Sq[];
  /** check are the squares of the kings in check: a red glow. */
  check?: Sq[];
  /** premovable are the squares of the viewer's pieces while the
   * opponent is to move: a move made with one of them is queued (a
   * premove) and played as soon as it is legal. */
  premovable?: Sq[];
  /** over: the game is over (a premove queued is dropped). */
  over?: boolean;
  /** own are the squares of the pieces of the viewer, who is to move (a
   * move made, the squares with it played are premovable until the
   * server answers, so that a move made at once after it is kept). */
  own?: Sq[];
}

/** Premove is a move queued while the opponent is to move. */
export interface Premove {
  from: Sq;
  to: Sq;
}

let boards = 0

export const S = 45;

export class GridBoard {
  readonly el: SVGSVGElement;
  private squares: SVGElement;
  private grid: SVGElement;
  private marksLayer: SVGElement;
  private piecesLayer: SVGElement;
  private coordsLayer: SVGElement;
  private focusRing: SVGElement;
  private overlay: SVGElement;
  /** cells are the grid's cells by square: unpainted rects over the
   * squares, in rows as the board is seen, that take the focus. */
  private cells = new Map<Sq, SVGElement>();
  /** cursor is the square the keyboard is on (the roving tabindex), null
   * until moved: then the bottom-left square as the board is seen. */
  private cursor: Sq | null = null;
  private flippedV = false;
  private state: GridState = { pieces: new Map(), moves: [] };
  private shown = new Map<Sq, { spec: PieceSpec; g: SVGElement }>();
  private selected: Sq | null = null;
  private drag: { from: Sq; g: SVGElement; x0: number; y0: number; moved: boolean } | null = null;
  /** onMove receives the text of the move the player made. */
  onMove: (text: string) => void = () => {};
  /** onSelect is told the selected square's moves (for hints beside the board). */
  onSelect: (moves: MoveSpec[]) => void = () => {};
  /** animMs is the time a piece takes to slide or fade (≤ 300 ms a
   * step, as lichess). */
  animMs = 240;
  /** wake resolves the promise of the animation in progress (its timer,
   * or finish, which first puts the pieces where they go). */
  private wake: (() => void) | null = null;
  /** premove is the move queued while the opponent is to move. */
  private premove: Premove | null = null;
  /** onPremove is told when a premove is queued or dropped (null). */
  onPremove: (p: Premove | null) => void = () => {};
  private glowId = `check-glow-${++boards}`;

  constructor(readonly files: number, readonly ranks: number, readonly name: (sq: Sq) => string, private colour: (sq: Sq) => string) {
    this.el = s("svg", { viewBox: `0 0 ${files * S} ${ranks * S}`, class: "board", role: "group", "aria-label": t("board.label") }) as SVGSVGElement;
    // The grid's cells carry the names a screen reader reads (square,
    // piece, state); the layers drawn are pictures only.
    this.squares = s("g", { "aria-hidden": "true" });
    this.grid = s("g", { class: "grid", role: "grid", "aria-label": t("board.squares"), "pointer-events": "none" });
    this.marksLayer = s("g", { "pointer-events": "none", "aria-hidden": "true" });
    this.coordsLayer = s("g", { class: "coords", "pointer-events": "none", "aria-hidden": "true" });
    this.piecesLayer = s("g", { "aria-hidden": "true" });
    this.focusRing = s(
      "g",
      { class: "focus-ring", "pointer-events": "none", "aria-hidden": "true" },
      s("rect", { x: 2, y: 2, width: S - 4, height: S - 4, class: "focus-outer" }),
      s("rect", { x: 5.5, y: 5.5, width: S - 11, height: S - 11, class: "focus-inner" }),
    );
    this.overlay = s("g");
    // The red glow of a king in check.
    const defs = s(
      "defs",
      null,
      s(
        "radialGradient",
        { id: this.glowId },
        s("stop", { offset: "0%", "stop-color": "#ff1a1a", "stop-opacity": 0.95 }),
        s("stop", { offset: "55%", "stop-color": "#e01010", "stop-opacity": 0.55 }),
        s("stop", { offset: "100%", "stop-color": "#a00000", "stop-opacity": 0 }),
      ),
    );
    this.el.append(defs, this.squares, this.grid, this.coordsLayer, this.marksLayer, this.piecesLayer, this.focusRing, this.overlay);
    this.el.addEventListener("pointerdown", (e) => this.down(e));
    this.el.addEventListener("pointermove", (e) => this.moveDrag(e));
    this.el.addEventListener("pointerup", (e) => this.up(e));
    this.grid.addEventListener("keydown", (e) => this.key(e as KeyboardEvent));
    this.drawSquares();
  }

  get flipped(): boolean {
    return this.flippedV;
  }
  set flipped(v: boolean) {
    this.flippedV = v;
    const focused = this.grid.contains(document.activeElement);
    this.drawSquares();
    if (focused) this.cells.get(this.cur())?.focus();
    for (const [sq, p] of this.shown) this.place(p.g, sq);
    this.drawMarks();
  }

  /** xy is the top-left corner of a square in board coordinates. */
  xy(sq: Sq): [number, number] {
    let f = sq % this.files;
    let r = Math.floor(sq / this.files);
    if (this.flippedV) {
      f = this.files - 1 - f;
      r = this.ranks - 1 - r;
    }
    return [f * S, (this.ranks - 1 - r) * S];
  }

  /** at is the square in column col and row row as the board is seen,
   * from the top left. */
  private at(col: number, row: number): Sq {
    let f = col;
    let r = this.ranks - 1 - row;
    if (this.flippedV) {
      f = this.files - 1 - f;
      r = this.ranks - 1 - r;
    }
    return r * this.files + f;
  }

  /** cur is the square the keyboard is on. */
  private cur(): Sq {
    return this.cursor ?? this.at(0, this.ranks - 1);
  }

  private drawSquares(): void {
    clear(this.squares);
    clear(this.grid);
    clear(this.coordsLayer);
    this.cells.clear();
    for (let sq = 0; sq < this.files * this.ranks; sq++) {
      const [x, y] = this.xy(sq);
      this.squares.append(s("rect", { x, y, width: S, height: S, fill: this.colour(sq), "data-sq": this.name(sq), class: "sq" }));
    }
    // The grid's rows from the top as the board is seen, each from the left.
    const cur = this.cur();
    for (let row = 0; row < this.ranks; row++) {
      const rowEl = s("g", { role: "row" });
      for (let col = 0; col < this.files; col++) {
        const sq = this.at(col, row);
        const [x, y] = this.xy(sq);
        const cell = s("rect", { x, y, width: S, height: S, fill: "none", "data-cell": this.name(sq), class: "cell", role: "gridcell", tabindex: sq === cur ? 0 : -1 });
        this.cells.set(sq, cell);
        rowEl.append(cell);
      }
      this.grid.append(rowEl);
    }
    this.labelCells();
    this.placeRing();
    // Coordinates: files along the bottom edge, ranks along the left.
    for (let f = 0; f < this.files; f++) {
      const sq = this.flippedV ? (this.ranks - 1) * this.files + f : f;
      const [x, y] = this.xy(sq);
      this.coordsLayer.append(s("text", { x: x + S - 3, y: y + S - 3, "text-anchor": "end", class: "coord" }, this.name(sq).replace(/\d+$/, "")));
    }
    for (let r = 0; r < this.ranks; r++) {
      const sq = r * this.files + (this.flippedV ? this.files - 1 : 0);
      const [x, y] = this.xy(sq);
      this.coordsLayer.append(s("text", { x: x + 2.5, y: y + 10, class: "coord" }, this.name(sq).replace(/^[a-z]+/, "")));
    }
  }

  private place(g: SVGElement, sq: Sq): void {
    const [x, y] = this.xy(sq);
    g.style.transform = `translate(${x}px, ${y}px)`;
  }

  /** set shows a new state, animating pieces that moved, fading those
   * removed, in ms (animMs when not given). It resolves when the
   * animation is over. */
  set(st: GridState, animate = true, ms = this.animMs): Promise<void> {
    // An animation still running ends first: every piece where it went.
    this.finish();
    this.state = st;
    // The pieces' transitions last ms (the stylesheet's --slide).
    this.el.style.setProperty("--slide", `${ms}ms`);
    this.selected = null;
    // A premove is played as soon as the player has legal moves (the
    // queen when it promotes), or dropped when it is not legal then, or
    // the game is over.
    let premove: string | null = null;
    if (this.premove && (st.moves.length > 0 || st.over)) {
      const { from, to } = this.premove;
      const ms = st.moves.filter((m) => m.from === from && m.to === to).sort((a, b) => (a.choice?.order ?? 0) - (b.choice?.order ?? 0));
      premove = ms.length ? ms[0].text : null;
      this.premove = null;
      this.onPremove(null);
    }
    if (premove !== null) {
      const text = premove;
      setTimeout(() => this.onMove(text), 0);
    }
    const old = new Map(this.shown);
    const next = new Map<Sq, { spec: PieceSpec; g: SVGElement }>();
    const unplaced: [Sq, PieceSpec][] = [];
    for (const [sq, spec] of st.pieces) {
      const o = old.get(sq);
      if (o && o.spec.key === spec.key) {
        old.delete(sq);
        next.set(sq, { spec, g: o.g });
      } else unplaced.push([sq, spec]);
    }
    let moved = false;
    for (const [sq, spec] of unplaced) {
      // Pair with the nearest vanished piece of the same kind.
      let best: Sq | null = null;
      let bestD = Infinity;
      for (const [osq, o] of old) {
        if (o.spec.key !== spec.key) continue;
        const d = Math.abs((osq % this.files) - (sq % this.files)) + Math.abs(Math.floor(osq / this.files) - Math.floor(sq / this.files));
        if (d < bestD) {
          bestD = d;
          best = osq;
        }
      }
      if (best !== null && animate) {
        const o = old.get(best)!;
        old.delete(best);
        next.set(sq, { spec, g: o.g });
        moved = true;
      } else {
        const g = s("g", { class: "pc" });
        g.append(spec.draw());
        this.piecesLayer.append(g);
        g.style.transition = "none";
        this.place(g, sq);
        if (animate) {
          g.style.opacity = "0";
          requestAnimationFrame(() => {
            g.style.transition = "";
            g.style.opacity = "1";
          });
        }
        next.set(sq, { spec, g });
      }
    }
    for (const [, o] of old) {
      if (animate) {
        o.g.classList.add("fading");
        setTimeout(() => o.g.remove(), ms);
        moved = true;
      } else o.g.remove();
    }
    for (const [sq, p] of next) {
      if (!animate) p.g.style.transition = "none";
      this.place(p.g, sq);
      p.g.setAttribute("aria-label", `${p.spec.label} ${this.name(sq)}`);
      p.g.classList.toggle("dim", !!p.spec.dim);
      p.g.classList.toggle("movable", st.moves.some((m) => m.from === sq) || !!st.premovable?.includes(sq));
      for (const c of ["nocard", "blocked", "can-move"]) p.g.classList.toggle(c, !!p.spec.cls?.includes(c));
      p.g.classList.toggle("check", !!st.check?.includes(sq));
      p.g.dataset.sq = this.name(sq);
    }
    this.shown = next;
    if (!animate) this.still([...next.values()].map((p) => p.g));
    this.drawMarks();
    this.labelCells();
    this.onSelect([]);
    if (!(animate && moved)) return Promise.resolve();
    return new Promise((r) => {
      // The animation ends on its own clock, ms after it began, not when
      // the pieces' transitions say so (transitionend comes a frame late
      // or more, and a transition whose first frame came late would end
      // late): every piece is then put where it goes, its transition
      // cut, so that nothing shown after the promise resolves (the
      // status, the buttons, the dice) comes before the end, nor later.
      const tm = setTimeout(() => {
        this.snap();
        done();
      }, ms);
      const done = () => {
        clearTimeout(tm);
        if (this.wake === done) this.wake = null;
        r();
      };
      this.wake = done;
    });
  }

  /** finish ends the animation in progress at once: every piece where it
   * goes, the pieces taken gone. */
  finish(): void {
    if (!this.wake) return;
    this.snap();
    this.wake();
  }

  /** snap puts every piece where it goes at once, the pieces taken gone. */
  private snap(): void {
    for (const [sq, p] of this.shown) {
      p.g.style.transition = "none";
      // A piece fading in is there (a faded one, .dim, stays faded).
      p.g.style.opacity = "";
      this.place(p.g, sq);
    }
    this.piecesLayer.querySelectorAll(".fading").forEach((g) => g.remove());
    this.still([...this.shown.values()].map((p) => p.g));
  }

  /** still gives back their transitions to pieces placed with none, once
   * their style has been computed without one: that ends any transition
   * running, or due to start, on them. (Given back at the next frame
   * instead, before any style was computed, the transition would run on:
   * a piece would go on sliding after set's promise had resolved and the
   * page had said the move was over.) */
  private still(gs: SVGElement[]): void {
    for (const g of gs) void getComputedStyle(g).transitionProperty;
    for (const g of gs) g.style.transition = "";
  }

  private drawMarks(): void {
    clear(this.marksLayer);
    clear(this.overlay);
    const st = this.state;
    for (const [sq, c] of st.tint ?? []) {
      const [x, y] = this.xy(sq);
      this.marksLayer.append(s("rect", { x, y, width: S, height: S, fill: c, class: "tint" }));
    }
    for (const sq of st.last ?? []) {
      const [x, y] = this.xy(sq);
      this.marksLayer.append(s("rect", { x, y, width: S, height: S, class: "last", "data-sq": this.name(sq) }));
    }
    for (const sq of st.check ?? []) {
      const [x, y] = this.xy(sq);
      this.marksLayer.append(s("rect", { x, y, width: S, height: S, class: "check", fill: `url(#${this.glowId})`, "data-sq": this.name(sq) }));
    }
    if (this.premove) {
      for (const sq of [this.premove.from, this.premove.to]) {
        const [x, y] = this.xy(sq);
        this.marksLayer.append(s("rect", { x, y, width: S, height: S, class: "premove", "data-sq": this.name(sq) }));
      }
    }
    for (const sq of st.ring ?? []) {
      const [x, y] = this.xy(sq);
      this.marksLayer.append(s("circle", { cx: x + S / 2, cy: y + S / 2, r: S / 2 - 2, class: "ring" }));
    }
    for (const [sq, label] of st.marks ?? []) {
      const [x, y] = this.xy(sq);
      this.marksLayer.append(s("rect", { x: x + 1.5, y: y + 1.5, width: S - 3, height: S - 3, class: "mark" }));
      if (label) this.marksLayer.append(s("text", { x: x + S - 4, y: y + 12, "text-anchor": "end", class: "mark-label" }, label));
    }
    if (this.selected !== null) {
      const [x, y] = this.xy(this.selected);
      this.marksLayer.append(s("rect", { x, y, width: S, height: S, class: "selected" }));
      const targets = new Set(st.moves.filter((m) => m.from === this.selected).map((m) => m.to));
      for (const to of targets) {
        const [tx, ty] = this.xy(to);
        const occupied = this.shown.has(to);
        this.marksLayer.append(
          occupied
            ? s("circle", { cx: tx + S / 2, cy: ty + S / 2, r: S / 2 - 3, class: "target capture", "data-target": this.name(to) })
            : s("circle", { cx: tx + S / 2, cy: ty + S / 2, r: S / 7, class: "target", "data-target": this.name(to) }),
        );
      }
    }
  }

  /** labelCells gives each square its name: the square, what stands on
   * it, and what a press on it would do (pick the piece up, move there). */
  private labelCells(): void {
    const st = this.state;
    const from = new Set(st.moves.map((m) => m.from));
    const targets = new Set(this.selected === null ? [] : st.moves.filter((m) => m.from === this.selected).map((m) => m.to));
    for (const [sq, cell] of this.cells) {
      const p = st.pieces.get(sq);
      const parts = [this.name(sq), p ? p.label : t("board.empty")];
      if (st.check?.includes(sq)) parts.push(t("board.check"));
      if (this.premove && (sq === this.premove.from || sq === this.premove.to)) parts.push(t("board.premove"));
      if (targets.has(sq)) parts.push(t("board.target"));
      else if (from.has(sq) && sq !== this.selected) parts.push(t("board.movable"));
      cell.setAttribute("aria-label", parts.join(", "));
      cell.setAttribute("aria-selected", String(sq === this.selected));
    }
  }

  private placeRing(): void {
    const [x, y] = this.xy(this.cur());
    this.focusRing.setAttribute("transform", `translate(${x} ${y})`);
  }

  /** moveCursor makes sq the square the keyboard is on, giving it the
   * focus when asked. */
  private moveCursor(sq: Sq, focus: boolean): void {
    const old = this.cur();
    this.cursor = sq;
    if (old !== sq) {
      this.cells.get(old)?.setAttribute("tabindex", "-1");
      this.cells.get(sq)?.setAttribute("tabindex", "0");
      this.placeRing();
    }
    if (focus) this.cells.get(sq)?.focus();
  }

  /** key handles the keyboard on the squares. */
  private key(e: KeyboardEvent): void {
    const [x, y] = this.xy(this.cur());
    let col = x / S;
    let row = y / S;
    switch (e.key) {
      case "ArrowLeft":
        col = Math.max(0, col - 1);
        break;
      case "ArrowRight":
        col = Math.min(this.files - 1, col + 1);
        break;
      case "ArrowUp":
        row = Math.max(0, row - 1);
        break;
      case "ArrowDown":
        row = Math.min(this.ranks - 1, row + 1);
        break;
      case "Home":
        col = 0;
        if (e.ctrlKey) row = 0;
        break;
      case "End":
        col = this.files - 1;
        if (e.ctrlKey) row = this.ranks - 1;
        break;
      case "Enter":
      case " ":
        e.preventDefault();
        e.stopPropagation();
        this.tap(this.cur());
        return;
      case "Escape":
        if (this.selected === null && !this.overlay.childNodes.length && !this.premove) return;
        e.preventDefault();
        e.stopPropagation();
        this.cancelPremove();
        clear(this.overlay);
        this.select(null);
        return;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
    this.moveCursor(this.at(col, row), true);
  }

  /** tap does what a click on square sq does: it closes an open picker,
   * or makes the move to sq of the piece picked up, or picks up the piece
   * on sq if it can move, or drops the piece picked up. It reports
   * whether it picked up a piece. */
  private tap(sq: Sq): boolean {
    if (this.overlay.childNodes.length) {
      clear(this.overlay);
      this.select(null);
      return false;
    }
    // A click cancels a premove.
    if (this.premove) {
      this.cancelPremove();
      return false;
    }
    if (this.premoving()) {
      if (this.selected !== null && this.selected !== sq) {
        this.queue(this.selected, sq);
        return false;
      }
      if (this.selected !== sq && this.shown.has(sq) && this.state.premovable!.includes(sq)) {
        this.select(sq);
        return true;
      }
      this.select(null);
      return false;
    }
    if (this.selected !== null && this.selected !== sq && this.play(this.selected, sq)) return false;
    if (this.shown.has(sq) && this.state.moves.some((m) => m.from === sq)) {
      this.select(sq);
      return true;
    }
    this.select(null);
    return false;
  }

  private sqAt(e: PointerEvent): Sq | null {
    const pt = this.el.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const m = this.el.getScreenCTM();
    if (!m) return null;
    const p = pt.matrixTransform(m.inverse());
    let f = Math.floor(p.x / S);
    let r = this.ranks - 1 - Math.floor(p.y / S);
    if (f < 0 || f >= this.files || r < 0 || r >= this.ranks) return null;
    if (this.flippedV) {
      f = this.files - 1 - f;
      r = this.ranks - 1 - r;
    }
    return r * this.files + f;
  }

  /** select chooses a square as the start of a move (keyboard and clicks). */
  select(sq: Sq | null): void {
    this.selected = sq !== null && (this.state.moves.some((m) => m.from === sq) || (this.premoving() && this.state.premovable!.includes(sq))) ? sq : null;
    this.drawMarks();
    this.labelCells();
    this.onSelect(this.selected === null ? [] : this.state.moves.filter((m) => m.from === this.selected));
  }

  /** premoving says whether a move made now is a premove: the opponent
   * is to move and the viewer has pieces. */
  private premoving(): boolean {
    return this.state.moves.length === 0 && !this.state.over && (this.state.premovable?.length ?? 0) > 0;
  }

  /** queue queues the premove from to, shown until it is played or
   * cancelled. */
  private queue(from: Sq, to: Sq): void {
    this.premove = { from, to };
    this.selected = null;
    this.drawMarks();
    this.labelCells();
    this.onSelect([]);
    this.onPremove(this.premove);
  }

  /** cancelPremove drops the premove queued, if any. */
  cancelPremove(): void {
    if (!this.premove) return;
    this.premove = null;
    this.selected = null;
    this.drawMarks();
    this.labelCells();
    this.onPremove(null);
  }

  /** made sends the move the player made; the board then takes premoves
   * with the viewer's pieces (the piece moved on its new square) until
   * the server's answer sets the next state. */
  private made(m: MoveSpec): void {
    const own = this.state.own;
    if (own?.length && !this.state.over) {
      this.state = { ...this.state, moves: [], premovable: own.map((sq) => (sq === m.from ? m.to : sq)) };
    }
    this.onMove(m.text);
  }

  /** queued is the premove queued, if any. */
  get queued(): Premove | null {
    return this.premove;
  }

  /** play makes the move from the selected square to sq, asking which one
   * when there are several (a promotion). */
  play(from: Sq, to: Sq): boolean {
    if (this.premoving()) {
      if (from === to || !this.state.premovable!.includes(from)) return false;
      this.queue(from, to);
      return true;
    }
    const ms = this.state.moves.filter((m) => m.from === from && m.to === to);
    if (ms.length === 0) return false;
    if (ms.length === 1) {
      this.selected = null;
      this.drawMarks();
      this.labelCells();
      this.made(ms[0]);
      return true;
    }
    this.picker(to, ms);
    return true;
  }

  /** picker asks which of several moves to the same square to make (a
   * promotion): the choices stand in a column beside the square, not on
   * it, so that the finger or the mouse that opened it is on none of
   * them, the queen first (nearest the square); a choice is made by a
   * press that begins on it (the tap that opened the picker chooses
   * nothing), or from the keyboard. */
  private picker(to: Sq, ms: MoveSpec[]): void {
    clear(this.overlay);
    ms = [...ms].sort((a, b) => (a.choice?.order ?? 0) - (b.choice?.order ?? 0));
    const [tx, y] = this.xy(to);
    // The column beside the square: to its right, or its left at the edge.
    const x = tx + S < this.files * S ? tx + S : tx - S;
    const down = y + (ms.length - 1) * S < this.ranks * S;
    const g = s("g", { class: "picker", role: "group", "aria-label": t("board.promote") });
    // The square the move goes to, marked while the picker is open.
    g.append(s("rect", { x: tx + 1.5, y: y + 1.5, width: S - 3, height: S - 3, class: "picker-to", "pointer-events": "none" }));
    const items: SVGElement[] = [];
    // Back to the squares when the picker closes with the focus in it.
    const back = () => this.cells.get(this.cur())?.focus();
    // armed: a press began on a choice since the picker opened.
    let armed = false;
    ms.forEach((m, i) => {
      const py = down ? y + i * S : y - i * S;
      const label = m.choice?.label ?? m.text;
      const item = s("g", { class: "pick", role: "button", "data-move": m.text, "aria-label": label, tabindex: 0 }, s("title", null, label));
      items.push(item);
      item.append(s("rect", { x, y: py, width: S, height: S, rx: 6 }));
      if (m.choice?.icon) {
        const ic = s("g", { transform: `translate(${x} ${py})` });
        ic.append(m.choice.icon());
        item.append(ic);
      } else item.append(s("text", { x: x + S / 2, y: py + S / 2 + 5, "text-anchor": "middle" }, label));
      const choose = (e: Event) => {
        e.stopPropagation();
        e.preventDefault();
        const focused = this.overlay.contains(document.activeElement);
        clear(this.overlay);
        this.selected = null;
        this.drawMarks();
        this.labelCells();
        if (focused) back();
        this.made(m);
      };
      item.addEventListener("pointerdown", () => (armed = true));
      // A click that began elsewhere (the tap or the press that opened
      // the picker, ending over it) chooses nothing.
      item.addEventListener("click", (e) => {
        if (armed) choose(e);
      });
      item.addEventListener("keydown", (e) => {
        const k = (e as KeyboardEvent).key;
        if (k === "Enter" || k === " ") choose(e);
        else if (k === "Escape") {
          e.stopPropagation();
          e.preventDefault();
          clear(this.overlay);
          this.select(null);
          back();
        } else if (k.startsWith("Arrow")) {
          // The arrows go through the choices, in the order they are seen.
          e.stopPropagation();
          e.preventDefault();
          const step = (k === "ArrowDown" || k === "ArrowRight") === down ? 1 : -1;
          items[(i + step + items.length) % items.length].focus();
        }
      });
      g.append(item);
    });
    this.overlay.append(g);
    (g.querySelector(".pick") as SVGElement | null)?.focus();
  }

  private down(e: PointerEvent): void {
    if ((e.target as Element).closest(".pick")) return;
    if (this.overlay.childNodes.length) {
      clear(this.overlay);
      this.select(null);
      return;
    }
    const sq = this.sqAt(e);
    if (sq === null) return;
    // The keyboard goes on from the square clicked.
    this.moveCursor(sq, false);
    const p = this.shown.get(sq);
    if (this.tap(sq) && p) {
      this.drag = { from: sq, g: p.g, x0: e.clientX, y0: e.clientY, moved: false };
      this.el.setPointerCapture(e.pointerId);
      e.preventDefault();
    }
  }

  private moveDrag(e: PointerEvent): void {
    const d = this.drag;
    if (!d) return;
    const m = this.el.getScreenCTM();
    if (!m) return;
    const dx = (e.clientX - d.x0) / m.a;
    const dy = (e.clientY - d.y0) / m.d;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    d.moved = true;
    const [x, y] = this.xy(d.from);
    d.g.style.transition = "none";
    d.g.classList.add("dragging");
    d.g.style.transform = `translate(${x + dx}px, ${y + dy}px)`;
  }

  private up(e: PointerEvent): void {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    d.g.classList.remove("dragging");
    if (!d.moved) return;
    const sq = this.sqAt(e);
    this.place(d.g, d.from);
    requestAnimationFrame(() => (d.g.style.transition = ""));
    if (sq !== null && sq !== d.from) this.play(d.from, sq);
  }
}

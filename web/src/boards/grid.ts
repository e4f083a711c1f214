// GridBoard draws a square board of any size in SVG and handles the
// player's input: click a piece then a target, or drag it. It knows no
// rules: the moves it allows are the legal moves the server listed, each
// given as a from square, a to square and its text.

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
}

/** MoveSpec is one legal move on the board. */
export interface MoveSpec {
  from: Sq;
  to: Sq;
  text: string;
  /** choice distinguishes moves with the same squares (promotions). */
  choice?: { label: string; icon?: () => SVGElement };
}

export interface GridState {
  pieces: Map<Sq, PieceSpec>;
  moves: MoveSpec[];
  last?: Sq[];
  tint?: Map<Sq, string>;
  marks?: Map<Sq, string>;
  ring?: Sq[];
}

export const S = 45;

export class GridBoard {
  readonly el: SVGSVGElement;
  private squares: SVGElement;
  private marksLayer: SVGElement;
  private piecesLayer: SVGElement;
  private coordsLayer: SVGElement;
  private overlay: SVGElement;
  private flippedV = false;
  private state: GridState = { pieces: new Map(), moves: [] };
  private shown = new Map<Sq, { spec: PieceSpec; g: SVGElement }>();
  private selected: Sq | null = null;
  private drag: { from: Sq; g: SVGElement; x0: number; y0: number; moved: boolean } | null = null;
  /** onMove receives the text of the move the player made. */
  onMove: (text: string) => void = () => {};
  /** onSelect is told the selected square's moves (for hints beside the board). */
  onSelect: (moves: MoveSpec[]) => void = () => {};
  animMs = 260;

  constructor(readonly files: number, readonly ranks: number, readonly name: (sq: Sq) => string, private colour: (sq: Sq) => string) {
    this.el = s("svg", { viewBox: `0 0 ${files * S} ${ranks * S}`, class: "board", role: "group", "aria-label": t("board.label") }) as SVGSVGElement;
    this.squares = s("g");
    this.marksLayer = s("g", { "pointer-events": "none" });
    this.coordsLayer = s("g", { class: "coords", "pointer-events": "none" });
    this.piecesLayer = s("g");
    this.overlay = s("g");
    this.el.append(this.squares, this.coordsLayer, this.marksLayer, this.piecesLayer, this.overlay);
    this.el.addEventListener("pointerdown", (e) => this.down(e));
    this.el.addEventListener("pointermove", (e) => this.moveDrag(e));
    this.el.addEventListener("pointerup", (e) => this.up(e));
    this.drawSquares();
  }

  get flipped(): boolean {
    return this.flippedV;
  }
  set flipped(v: boolean) {
    this.flippedV = v;
    this.drawSquares();
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

  private drawSquares(): void {
    clear(this.squares);
    clear(this.coordsLayer);
    for (let sq = 0; sq < this.files * this.ranks; sq++) {
      const [x, y] = this.xy(sq);
      this.squares.append(s("rect", { x, y, width: S, height: S, fill: this.colour(sq), "data-sq": this.name(sq), class: "sq" }));
    }
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
   * removed. It resolves when the animation is over. */
  set(st: GridState, animate = true): Promise<void> {
    this.state = st;
    this.selected = null;
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
        setTimeout(() => o.g.remove(), this.animMs * 2);
        moved = true;
      } else o.g.remove();
    }
    for (const [sq, p] of next) {
      if (!animate) p.g.style.transition = "none";
      this.place(p.g, sq);
      p.g.setAttribute("aria-label", `${p.spec.label} ${this.name(sq)}`);
      p.g.classList.toggle("dim", !!p.spec.dim);
      p.g.classList.toggle("movable", st.moves.some((m) => m.from === sq));
      p.g.dataset.sq = this.name(sq);
      if (!animate) requestAnimationFrame(() => (p.g.style.transition = ""));
    }
    this.shown = next;
    this.drawMarks();
    this.onSelect([]);
    return new Promise((r) => setTimeout(r, animate && moved ? this.animMs * 2 : 0));
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
      this.marksLayer.append(s("rect", { x, y, width: S, height: S, class: "last" }));
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
    this.selected = sq !== null && this.state.moves.some((m) => m.from === sq) ? sq : null;
    this.drawMarks();
    this.onSelect(this.selected === null ? [] : this.state.moves.filter((m) => m.from === this.selected));
  }

  /** play makes the move from the selected square to sq, asking which one
   * when there are several (a promotion). */
  play(from: Sq, to: Sq): boolean {
    const ms = this.state.moves.filter((m) => m.from === from && m.to === to);
    if (ms.length === 0) return false;
    if (ms.length === 1) {
      this.selected = null;
      this.drawMarks();
      this.onMove(ms[0].text);
      return true;
    }
    this.picker(to, ms);
    return true;
  }

  private picker(to: Sq, ms: MoveSpec[]): void {
    clear(this.overlay);
    const [x, y] = this.xy(to);
    const down = y < (this.ranks * S) / 2;
    const g = s("g", { class: "picker", role: "listbox", "aria-label": t("board.promote") });
    ms.forEach((m, i) => {
      const py = down ? y + i * S : y - i * S;
      const item = s("g", { class: "pick", role: "option", "data-move": m.text, "aria-label": m.choice?.label ?? m.text, tabindex: 0 });
      item.append(s("rect", { x, y: py, width: S, height: S, rx: 6 }));
      if (m.choice?.icon) {
        const ic = s("g", { transform: `translate(${x} ${py})` });
        ic.append(m.choice.icon());
        item.append(ic);
      } else item.append(s("text", { x: x + S / 2, y: py + S / 2 + 5, "text-anchor": "middle" }, m.choice?.label ?? m.text));
      // A click (not a pointerup): the press that opened the picker must
      // not choose the piece that appears under it.
      const choose = (e: Event) => {
        e.stopPropagation();
        e.preventDefault();
        clear(this.overlay);
        this.selected = null;
        this.drawMarks();
        this.onMove(m.text);
      };
      item.addEventListener("click", choose);
      item.addEventListener("keydown", (e) => {
        const k = (e as KeyboardEvent).key;
        if (k === "Enter" || k === " ") choose(e);
        if (k === "Escape") {
          clear(this.overlay);
          this.select(null);
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
    if (this.selected !== null && this.selected !== sq && this.play(this.selected, sq)) return;
    const p = this.shown.get(sq);
    if (p && this.state.moves.some((m) => m.from === sq)) {
      this.select(sq);
      this.drag = { from: sq, g: p.g, x0: e.clientX, y0: e.clientY, moved: false };
      this.el.setPointerCapture(e.pointerId);
      e.preventDefault();
    } else {
      this.select(null);
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

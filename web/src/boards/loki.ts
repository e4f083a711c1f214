// The Nords Loki board: 24 rune ships on a round track in three Atts,
// checkers in stacks, waiting and borne-off trays, konung lives and the
// three dice, drawn from the position string (see games/nordsloki).

import { h, s, clear } from "../dom";
import { t } from "../i18n";
import { GameBoard, View } from "./types";
import { watchingBadge } from "./check";

/** The runes of the Elder Futhark in the order of the ships (1.2), each as
 * polylines in a box 0.7 wide and 1 high. */
const runes: number[][][] = [
  [[0.2, 0, 0.2, 1], [0.2, 0.35, 0.6, 0.05], [0.2, 0.6, 0.6, 0.3]], // Fehu
  [[0.15, 1, 0.15, 0, 0.55, 0.3, 0.55, 1]], // Uruz
  [[0.2, 0, 0.2, 1], [0.2, 0.3, 0.55, 0.5, 0.2, 0.7]], // Thurisaz
  [[0.2, 0, 0.2, 1], [0.2, 0, 0.55, 0.25], [0.2, 0.3, 0.55, 0.55]], // Ansuz
  [[0.2, 0, 0.2, 1], [0.2, 0, 0.55, 0.22, 0.2, 0.45, 0.55, 1]], // Raidho
  [[0.55, 0.15, 0.2, 0.5, 0.55, 0.85]], // Kenaz
  [[0.1, 0.1, 0.6, 0.9], [0.6, 0.1, 0.1, 0.9]], // Gebo
  [[0.2, 0, 0.2, 1], [0.2, 0, 0.55, 0.22, 0.2, 0.45]], // Wunjo
  [[0.15, 0, 0.15, 1], [0.55, 0, 0.55, 1], [0.15, 0.35, 0.55, 0.65]], // Hagalaz
  [[0.35, 0, 0.35, 1], [0.15, 0.35, 0.55, 0.65]], // Naudiz
  [[0.35, 0, 0.35, 1]], // Isa
  [[0.3, 0.15, 0.1, 0.4, 0.3, 0.65], [0.4, 0.35, 0.6, 0.6, 0.4, 0.85]], // Jera
  [[0.35, 0, 0.35, 1], [0.35, 0, 0.55, 0.15], [0.35, 1, 0.15, 0.85]], // Eihwaz
  [[0.15, 0, 0.15, 1], [0.15, 0.05, 0.55, 0.3, 0.55, 0.1], [0.15, 0.95, 0.55, 0.7, 0.55, 0.9]], // Perthro
  [[0.35, 0, 0.35, 1], [0.35, 0.45, 0.05, 0.1], [0.35, 0.45, 0.65, 0.1]], // Algiz
  [[0.55, 0.05, 0.15, 0.45, 0.55, 0.55, 0.15, 0.95]], // Sowilo
  [[0.35, 0, 0.35, 1], [0.05, 0.3, 0.35, 0, 0.65, 0.3]], // Tiwaz
  [[0.15, 0, 0.15, 1], [0.15, 0, 0.55, 0.25, 0.15, 0.5, 0.55, 0.75, 0.15, 1]], // Berkano
  [[0.1, 1, 0.1, 0, 0.35, 0.35, 0.6, 0, 0.6, 1]], // Ehwaz
  [[0.1, 1, 0.1, 0, 0.6, 0.45], [0.6, 1, 0.6, 0, 0.1, 0.45]], // Mannaz
  [[0.2, 0, 0.2, 1], [0.2, 0, 0.55, 0.3]], // Laguz
  [[0.35, 0.2, 0.6, 0.5, 0.35, 0.8, 0.1, 0.5, 0.35, 0.2]], // Ingwaz
  [[0.1, 0, 0.6, 1, 0.6, 0, 0.1, 1, 0.1, 0]], // Dagaz
  [[0.35, 0, 0.6, 0.3, 0.1, 0.9], [0.35, 0, 0.1, 0.3, 0.6, 0.9]], // Othala
];

/** The names of the runes of the ships 1 to 24, from the catalog (the
 * Russian names are the seed's). */
const runeKeys = [
  "loki.rune.1", "loki.rune.2", "loki.rune.3", "loki.rune.4", "loki.rune.5", "loki.rune.6", "loki.rune.7", "loki.rune.8",
  "loki.rune.9", "loki.rune.10", "loki.rune.11", "loki.rune.12", "loki.rune.13", "loki.rune.14", "loki.rune.15", "loki.rune.16",
  "loki.rune.17", "loki.rune.18", "loki.rune.19", "loki.rune.20", "loki.rune.21", "loki.rune.22", "loki.rune.23", "loki.rune.24",
];
/** runeName is the name of the rune of ship f (1 to 24). */
export const runeName = (f: number) => t(runeKeys[f - 1]);
export const playerColours = ["#c0392b", "#2563a8", "#2e8b57"];
const playerKeys = ["player.p1", "player.p2", "player.p3"];

/** runeSVG draws rune f (1 to 24) centred at x, y with the given height. */
export function runeSVG(f: number, x: number, y: number, size: number, cls = "rune"): SVGElement {
  const g = s("g", { class: cls, transform: `translate(${x - 0.35 * size} ${y - size / 2}) scale(${size})` });
  for (const line of runes[f - 1]) {
    const pts: string[] = [];
    for (let i = 0; i < line.length; i += 2) pts.push(`${line[i]},${line[i + 1]}`);
    g.append(s("polyline", { points: pts.join(" "), fill: "none", "stroke-width": 0.11, "stroke-linecap": "round", "stroke-linejoin": "round" }));
  }
  return g;
}

interface Stack {
  owner: number;
  n: [number, number, number]; // K, W, R
}

export interface LokiPos {
  fields: (Stack | null)[]; // 1..24
  wait: [number, number, number][];
  off: number[];
  lives: (number | null)[];
  out: boolean[]; // forfeited: out of the game (a clock that ran out)
  ghosts: Set<number>;
  first: number;
  turns: number;
  phase: string; // roll:first, roll:p1, move:p1:6-4-1:e, over:…
  mover: number;
  dice: number[];
}

function groups(text: string): [number, number, number] {
  const n: [number, number, number] = [0, 0, 0];
  for (const m of text.matchAll(/(\d*)([KWR])/g)) n["KWR".indexOf(m[2])] = m[1] ? Number(m[1]) : 1;
  return n;
}

/** parseLoki reads a Nords Loki position. */
export function parseLoki(position: string): LokiPos {
  const words = position.split(" ");
  const p: LokiPos = { fields: Array(25).fill(null), wait: [], off: [], lives: [], out: [], ghosts: new Set(), first: -1, turns: 0, phase: "", mover: -1, dice: [] };
  for (const w of words) {
    const pm = /^p(\d)=(.*)$/.exec(w);
    if (pm) {
      const i = Number(pm[1]) - 1;
      const [board, wait, off, lives] = pm[2].split("/");
      if (board !== "-") {
        for (const item of board.split(",")) {
          const [f, g] = item.split(":");
          p.fields[Number(f)] = { owner: i, n: groups(g) };
        }
      }
      p.wait[i] = wait === "-" ? [0, 0, 0] : groups(wait);
      p.off[i] = Number(off);
      p.out[i] = lives === "out";
      p.lives[i] = lives === "-" || lives === "out" ? null : Number(lives);
    } else if (w.startsWith("ghosts=")) {
      const g = w.slice(7);
      if (g !== "-") for (const f of g.split(",")) p.ghosts.add(Number(f));
    } else if (w.startsWith("first=")) {
      p.first = w.slice(6) === "-" ? -1 : Number(w.slice(7)) - 1;
    } else if (w.startsWith("turns=")) {
      p.turns = Number(w.slice(6));
    } else {
      p.phase = w;
      const parts = w.split(":");
      if ((parts[0] === "roll" || parts[0] === "move") && parts[1].startsWith("p")) p.mover = Number(parts[1].slice(1)) - 1;
      if (parts[0] === "move" && parts[2]) p.dice = parts[2].split("-").map(Number);
    }
  }
  return p;
}

const C = 300;
const R = 236;
/** angle is the direction of field f from the centre; rot turns the
 * ring (a flipped board: by half a turn). */
function angle(f: number, rot = 0): number {
  return ((f - 0.5) / 24) * 2 * Math.PI - Math.PI / 2 + rot;
}
function at(f: number, r: number, rot = 0): [number, number] {
  const a = angle(f, rot);
  return [C + r * Math.cos(a), C + r * Math.sin(a)];
}

interface Step {
  text: string;
  kind: string;
  from: number;
  to: number | "off";
}

const isRoll = (a: string) => /^\d-\d-\d$/.test(a);

/** lastSteps is the steps of the turn in progress, or when none was made
 * yet, of the turn before the last roll. */
function lastSteps(history: string[]): Step[] {
  const out: Step[] = [];
  let i = history.length - 1;
  const collect = () => {
    for (; i >= 0 && !isRoll(history[i]); i--) {
      const st = parseStep(history[i]);
      if (st) out.unshift(st);
    }
  };
  collect();
  if (out.length === 0 && i >= 0) {
    i--;
    collect();
  }
  return out;
}

function parseStep(text: string): Step | null {
  const m = /^([KWR])(\d+)\/(\d+|off(?::\d)?)$/.exec(text);
  if (!m) return null;
  return { text, kind: m[1], from: Number(m[2]), to: m[3].startsWith("off") ? "off" : Number(m[3]) };
}

/** stackLabel names the checkers of a stack or a tray: how many, the
 * konung among them, the returning warriors. */
function stackLabel(n: [number, number, number]): string {
  let out = t("loki.stack", { n: n[0] + n[1] + n[2] });
  if (n[0]) out += ", " + t("loki.withkonung");
  if (n[2]) out += ", " + t("loki.returning", { n: n[2] });
  return out;
}

/** The harbour's number among the places a step goes to (after 24). */
const harbour = 25;

/** Loki is the board of Nords Loki. The ships and the harbour are buttons
 * in ring order, one Tab stop (a roving tabindex): the arrows go round the
 * ring, Enter or Space does what a click does, Escape drops the field
 * chosen. */
export class Loki implements GameBoard {
  el: HTMLElement;
  private svg: SVGSVGElement;
  private trays: HTMLElement;
  private banner: HTMLElement;
  private hint: HTMLElement;
  private picker: HTMLElement;
  /** rot turns the ring: 0, or half a turn when the board is flipped. */
  private rot = 0;
  private selected: number | null = null;
  private steps: Step[] = [];
  private prev: LokiPos | null = null;
  private pos: LokiPos | null = null;
  private view: View | null = null;
  /** cursor is the ship (or the harbour, 25) the keyboard is on. */
  private cursor = 1;
  onMove: (text: string) => void = () => {};

  constructor() {
    this.svg = s("svg", { viewBox: "0 0 600 600", class: "board loki-board", role: "group", "aria-label": t("board.label") }) as SVGSVGElement;
    this.trays = h("div", { class: "loki-trays" });
    this.banner = h("div", { class: "loki-banner", role: "status", "aria-live": "polite" });
    this.hint = h("div", { class: "loki-hint", id: "loki-hint", hidden: true });
    this.picker = h("div", { class: "loki-picker" });
    this.el = h("div", { class: "game-board loki" }, h("div", { class: "board-wrap" }, this.svg, this.banner, this.hint), this.picker, this.trays);
    this.svg.addEventListener("click", (e) => {
      const f = (e.target as Element).closest("[data-field]") as SVGElement | null;
      const field = f ? Number(f.dataset.field) : (e.target as Element).closest("[data-off]") ? harbour : null;
      if (field === null) {
        this.select(null);
        return;
      }
      // The keyboard goes on from the ship clicked.
      this.moveCursor(field, false);
      this.click(field);
    });
    this.svg.addEventListener("keydown", (e) => this.key(e));
  }

  /** key handles the keyboard on the ring of ships. */
  private key(e: KeyboardEvent): void {
    if (!(e.target as Element).closest?.("[data-ring]")) return;
    let next = this.cursor;
    switch (e.key) {
      case "ArrowRight":
      case "ArrowDown":
        next = (this.cursor % harbour) + 1;
        break;
      case "ArrowLeft":
      case "ArrowUp":
        next = this.cursor === 1 ? harbour : this.cursor - 1;
        break;
      case "Home":
        next = 1;
        break;
      case "End":
        next = harbour;
        break;
      case "Enter":
      case " ":
        e.preventDefault();
        e.stopPropagation();
        this.click(this.cursor, true);
        return;
      case "Escape":
        if (this.selected === null) return;
        e.preventDefault();
        e.stopPropagation();
        this.select(null);
        return;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
    this.moveCursor(next, true);
  }

  /** moveCursor makes field f (25: the harbour) the one the keyboard is
   * on, giving it the focus when asked. */
  private moveCursor(f: number, focus: boolean): void {
    this.ringEl(this.cursor)?.setAttribute("tabindex", "-1");
    this.cursor = f;
    const el = this.ringEl(f);
    el?.setAttribute("tabindex", "0");
    if (focus) el?.focus();
  }

  /** ringEl is the ship of field f, or the harbour (25). */
  private ringEl(f: number): SVGElement | null {
    return this.svg.querySelector(f === harbour ? "g[data-off]" : `g.ship[data-field="${f}"]`);
  }

  /** flip turns the ring by half a turn (the ships stay upright). */
  flip(): void {
    this.rot = this.rot ? 0 : Math.PI;
    this.el.classList.toggle("flipped", this.rot !== 0);
    this.draw();
  }

  private bannerTimer: ReturnType<typeof setTimeout> | undefined;

  async update(v: View, animate: boolean): Promise<void> {
    this.el.dataset.position = v.position;
    this.view = v;
    this.prev = this.pos;
    this.pos = parseLoki(v.position);
    this.steps = v.legal.map(parseStep).filter((x): x is Step => x !== null);
    this.selected = null;
    this.draw();
    if (animate && this.prev) await this.events(this.prev, this.pos, v);
  }

  /** events shows what changed at the end of a turn: ships sinking,
   * ODIN, LOKI. */
  private async events(a: LokiPos, b: LokiPos, v: View): Promise<void> {
    const msgs: string[] = [];
    const last = parseStep(v.history[v.history.length - 1] ?? "");
    // A field emptied that the last step did not leave: its checkers sank
    // (6.1, 6.3) or ODIN took them off the ghost ships (7.2).
    const emptied: number[] = [];
    for (let f = 1; f <= 24; f++) if (a.fields[f] && !b.fields[f] && f !== last?.from) emptied.push(f);
    const flippedDown = [...b.ghosts].some((f) => !a.ghosts.has(f));
    const odin = a.ghosts.size > 0 && b.ghosts.size === 0 && !flippedDown && emptied.every((f) => a.ghosts.has(f));
    if (odin) msgs.push(t("loki.odin"));
    else if (emptied.length > 0) msgs.push(t("loki.sunk", { n: emptied.length }));
    if (v.over && v.reason && /loki/i.test(v.reason)) msgs.push(t("loki.loki"));
    if (msgs.length) {
      for (const f of emptied) this.svg.querySelector(`g.ship[data-field="${f}"]`)?.classList.add("sinking");
      this.banner.textContent = msgs.join(" · ");
      this.banner.classList.add("show");
      // The banner stays a while on its own; the page does not wait for
      // it (the status and the dice change with the board).
      clearTimeout(this.bannerTimer);
      this.bannerTimer = setTimeout(() => {
        this.banner.classList.remove("show");
        this.svg.querySelectorAll(".sinking").forEach((e) => e.classList.remove("sinking"));
      }, 1400);
    }
  }

  /** click does what a click on field f (25: the harbour) does; from the
   * keyboard, the focus goes to the choice of checker when one is asked. */
  private click(f: number, keyboard = false): void {
    if (this.selected !== null) {
      const to = f === harbour ? "off" : f;
      const ms = this.steps.filter((st) => st.from === this.selected && st.to === to);
      if (ms.length === 1) {
        this.select(null);
        this.onMove(ms[0].text);
        return;
      }
      if (ms.length > 1) {
        this.choose(ms);
        if (keyboard) (this.picker.querySelector("button") as HTMLButtonElement | null)?.focus();
        return;
      }
    }
    this.select(this.steps.some((st) => st.from === f) ? f : null);
  }

  private choose(ms: Step[]): void {
    clear(
      this.picker,
      h("span", null, t("loki.which")),
      ms.map((m) =>
        h("button", { class: "step-choice", "data-move": m.text, onclick: () => {
          const focused = this.picker.contains(document.activeElement);
          clear(this.picker);
          this.select(null);
          // Back to the ring when the choice was made from the keyboard.
          if (focused) this.ringEl(this.cursor)?.focus();
          this.onMove(m.text);
        } }, m.text),
      ),
    );
  }

  /** select chooses the field (0 for the waiting tray) a step starts from. */
  select(f: number | null): void {
    this.selected = f;
    clear(this.picker);
    this.draw();
  }

  private draw(): void {
    const p = this.pos;
    const v = this.view;
    if (!p || !v) return;
    const svg = this.svg;
    // The focus stays where it was when the board is drawn again: on the
    // ring, or on a waiting tray.
    const active = document.activeElement;
    const onRing = svg.contains(active);
    const onWait = active instanceof HTMLElement && this.trays.contains(active) ? active.dataset.wait : undefined;
    clear(svg);
    const targets = new Set(this.steps.filter((st) => st.from === this.selected).map((st) => (st.to === "off" ? 25 : st.to)));
    const sources = new Set(this.steps.map((st) => st.from));
    // The steps of the last turn: where they left from, where they went.
    const last = lastSteps(v.history);
    const lastFrom = new Set(last.map((st) => st.from));
    const lastTo = new Set(last.map((st) => (st.to === "off" ? harbour : st.to)));
    // The three Atts as rings of the sea.
    const attFill = ["#dfe9f1", "#d2e0ec", "#c3d5e5"];
    for (let k = 0; k < 3; k++) {
      const a0 = angle(k * 8 + 0.5, this.rot);
      const a1 = angle(k * 8 + 8.5, this.rot);
      const r0 = 180;
      const r1 = 290;
      const pt = (r: number, a: number) => `${C + r * Math.cos(a)} ${C + r * Math.sin(a)}`;
      svg.append(
        s("path", { d: `M${pt(r0, a0)} L${pt(r1, a0)} A${r1} ${r1} 0 0 1 ${pt(r1, a1)} L${pt(r0, a1)} A${r0} ${r0} 0 0 0 ${pt(r0, a0)}Z`, fill: attFill[k], stroke: "#8aa3b8" }),
      );
      const [lx, ly] = at(k * 8 + 4.5, 165, this.rot);
      svg.append(s("text", { x: lx, y: ly, "text-anchor": "middle", class: "att-label" }, t("loki.att", { n: k + 1 })));
    }
    // The harbour where checkers are borne off, between Othala and Fehu.
    // The ships and the harbour: buttons in ring order.
    const ring = s("g", { role: "toolbar", "aria-label": t("loki.ships") });
    svg.append(ring);
    const state = (f: number) => (targets.has(f) ? ", " + t("board.target") : sources.has(f) && this.selected !== f ? ", " + t("board.movable") : "");
    const [hx, hy] = at(0.5, 268, this.rot);
    ring.append(
      s(
        "g",
        {
          "data-off": "1",
          "data-ring": harbour,
          class: "harbour" + (targets.has(harbour) ? " target" : "") + (lastTo.has(harbour) ? " last-to" : ""),
          role: "button",
          tabindex: this.cursor === harbour ? 0 : -1,
          "aria-label": t("loki.harbour") + state(harbour),
        },
        s("circle", { cx: hx, cy: hy - 8, r: 22 }),
        s("rect", { x: hx - 27, y: hy - 35, width: 54, height: 54, rx: 27, class: "focus-outer" }),
        s("rect", { x: hx - 24, y: hy - 32, width: 48, height: 48, rx: 24, class: "focus-inner" }),
        s("text", { x: hx, y: hy - 4, "text-anchor": "middle" }, t("loki.off")),
      ),
    );
    for (let f = 1; f <= 24; f++) {
      const ghost = p.ghosts.has(f);
      const [x, y] = at(f, R, this.rot);
      const st = p.fields[f];
      const g = s("g", {
        "data-field": f,
        "data-ring": f,
        class:
          "ship" +
          (ghost ? " ghost" : "") +
          (targets.has(f) ? " target" : "") +
          (this.selected === f ? " selected" : "") +
          (sources.has(f) ? " source" : "") +
          (lastFrom.has(f) ? " last-from" : "") +
          (lastTo.has(f) ? " last-to" : ""),
        // Ships stand upright on the screen; a ghost ship is turned over (1.3).
        transform: `translate(${x} ${y}) rotate(${ghost ? 180 : 0})`,
        role: "button",
        tabindex: this.cursor === f ? 0 : -1,
        "aria-pressed": String(this.selected === f),
        "aria-label":
          `${f} ${runeName(f)}${ghost ? " — " + t("loki.ghost") : ""}` +
          (st ? `; ${t(playerKeys[st.owner])}: ${stackLabel(st.n)}` : "") +
          (lastFrom.has(f) || lastTo.has(f) ? ", " + t("loki.last") : "") +
          state(f),
      });
      // The focus ring, drawn only when the ship has the keyboard's focus.
      g.append(s("rect", { x: -26, y: -27, width: 52, height: 48, rx: 7, class: "focus-outer" }));
      g.append(s("rect", { x: -23, y: -24, width: 46, height: 42, rx: 5, class: "focus-inner" }));
      g.append(s("path", { d: "M-21 8 Q0 24 21 8 L17 2 L-17 2 Z", class: "hull" }));
      g.append(s("rect", { x: -11, y: -22, width: 22, height: 24, rx: 3, class: "sail" }));
      g.append(runeSVG(f, 0, -10, 18));
      ring.append(g);
      const [nx, ny] = at(f, 284, this.rot);
      svg.append(s("text", { x: nx, y: ny + 4, "text-anchor": "middle", class: "field-no", "aria-hidden": "true" }, String(f)));
      if (st) {
        const [cx, cy] = at(f, 196, this.rot);
        const total = st.n[0] + st.n[1] + st.n[2];
        // Its ship's name tells a screen reader of the stack.
        const sg = s("g", { class: "stack", "data-field": f, "aria-hidden": "true" });
        sg.append(s("circle", { cx, cy, r: 13, fill: playerColours[st.owner], stroke: "#111", "stroke-width": 1.5 }));
        sg.append(s("text", { x: cx, y: cy + 4.5, "text-anchor": "middle", class: "stack-n" }, String(total)));
        // The konung: a gold ring round the stack and a crown beside it.
        if (st.n[0]) {
          sg.classList.add("with-konung");
          sg.append(s("circle", { cx, cy, r: 16.5, class: "konung-ring" }));
          sg.append(crown(cx + 15, cy - 13, f));
        }
        if (st.n[2]) sg.append(s("text", { x: cx - 18, y: cy - 8, class: "stack-r" }, "R"));
        svg.append(sg);
      }
    }
    // The trail of each step of the last turn, along the ring inside the
    // ships: from its field (the entry before Fehu) to its field or the
    // harbour.
    for (const st of last) {
      const a0 = angle(st.from === 0 ? 0.1 : st.from, this.rot);
      const a1 = angle(st.to === "off" ? 24.9 : st.to, this.rot);
      const r = 214;
      const large = a1 - a0 > Math.PI ? 1 : 0;
      svg.append(
        s("path", {
          d: `M${C + r * Math.cos(a0)} ${C + r * Math.sin(a0)} A${r} ${r} 0 ${large} 1 ${C + r * Math.cos(a1)} ${C + r * Math.sin(a1)}`,
          class: "last-step",
          "data-step": st.text,
          "aria-hidden": "true",
        }),
      );
    }
    // The dice in the centre.
    const dg = s("g", { class: "dice" });
    const all = p.dice;
    all.forEach((d, i) => {
      const x = C - 70 + i * 50;
      dg.append(s("rect", { x, y: C - 20, width: 40, height: 40, rx: 7, class: "die" }));
      for (const [px, py] of pips[d] ?? []) dg.append(s("circle", { cx: x + px * 40, cy: C - 20 + py * 40, r: 3.6, class: "pip" }));
    });
    if (all.length === 0) dg.append(s("text", { x: C, y: C + 5, "text-anchor": "middle", class: "muted-svg" }, p.phase.startsWith("roll") ? t("loki.rolling") : ""));
    if (p.mover >= 0) dg.append(s("circle", { cx: C, cy: C - 44, r: 8, fill: playerColours[p.mover], stroke: "#111" }));
    svg.append(dg);
    // Trays per player: waiting, borne off, lives.
    clear(this.trays, watchingBadge(v));
    p.wait.forEach((w, i) => {
      const canEnter = sources.has(0) && i === p.mover;
      const waiting = w[0] + w[1] + w[2];
      const tray = h(
        "div",
        { class: "tray" + (i === p.mover ? " to-move" : "") },
        h("span", { class: "tray-name" }, h("span", { class: "swatch" }), t(playerKeys[i])),
        h(
          "button",
          {
            class: "wait" + (this.selected === 0 && i === p.mover ? " selected" : ""),
            disabled: !canEnter,
            "data-wait": i,
            onclick: () => this.select(0),
            "aria-pressed": String(this.selected === 0 && i === p.mover),
            "aria-label": `${t(playerKeys[i])}, ${lowerFirst(t("loki.waiting"))}: ${stackLabel(w)}${canEnter && this.selected !== 0 ? ", " + t("board.movable") : ""}`,
          },
          t("loki.waiting"), ": ", String(waiting), w[0] ? h("span", { class: "konung-mark", title: t("loki.konung") }, " ♔") : "", w[2] ? ` (R${w[2]})` : "",
        ),
        h("span", { class: "off" }, t("loki.borneoff"), ": ", String(p.off[i])),
        p.out[i] ? h("span", { class: "out" }, t("loki.out")) : null,
        p.lives[i] !== null ? h("span", { class: "lives", title: t("loki.lives") }, "♥".repeat(p.lives[i]!), h("span", { class: "lost" }, "♥".repeat(7 - p.lives[i]!))) : null,
      );
      // Through the CSSOM: the Content-Security-Policy refuses style
      // attributes.
      tray.style.setProperty("--pc", playerColours[i]);
      this.trays.append(tray);
    });
    // A player to move who has no checker on the board yet (the first
    // turn) is told to enter from the waiting tray.
    const mine = v.viewer >= 0 && v.viewer === p.mover && v.legal.length > 0;
    const onBoard = p.fields.some((st) => st !== null && st.owner === p.mover);
    const hinted = mine && sources.has(0) && !onBoard && this.selected !== 0;
    this.hint.hidden = !hinted;
    this.hint.textContent = hinted ? t("loki.hint.enter") : "";
    this.trays.querySelector(".tray.to-move button.wait")?.classList.toggle("hinted", hinted);
    if (onRing) this.ringEl(this.cursor)?.focus();
    else if (onWait !== undefined) (this.trays.querySelector(`button[data-wait="${onWait}"]`) as HTMLButtonElement | null)?.focus();
  }
}

const pips: Record<number, [number, number][]> = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.27, 0.22], [0.73, 0.22], [0.27, 0.5], [0.73, 0.5], [0.27, 0.78], [0.73, 0.78]],
};

/** crown draws the konung's crown centred at x, y. */
function crown(x: number, y: number, f: number): SVGElement {
  return s(
    "g",
    { class: "konung", "data-field": f, transform: `translate(${x} ${y})` },
    s("circle", { r: 9.5, class: "konung-disc" }),
    s("path", { d: "M-6 4 L-6.5 -4 L-3 -0.5 L0 -6 L3 -0.5 L6.5 -4 L6 4 Z", class: "konung-crown" }),
  );
}

/** lowerFirst writes a label in lower case after a comma ("Игрок 1, ждут
 * входа"). */
function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

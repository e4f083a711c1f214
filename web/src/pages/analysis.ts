// The analysis of a finished game on the game page (docs/api.md: POST
// and GET /api/games/{id}/analysis): an "Analyse" button once the game is
// over, a progress bar while the server works, then a graph of the first
// player's win probability over the game, the moves that lost most
// (?! an inaccuracy, ? a mistake, ?? a blunder) with the AI's preferred
// move, each a button that shows its position, the same marks in the
// move list, and each player's accuracy. In the dice games a roll's part
// of the graph is drawn apart (dashed, with a dot): that is luck, the
// rest is the players' choices, and the summary gives each player's luck
// and the win probability their choices lost. A game longer than the
// server analyses (docs/api.md: --analysis-actions) gets a notice that
// only its first moves are.

import { h, s, clear } from "../dom";
import { lang, t } from "../i18n";
import { ApiError, GameView, Ply, peopleText } from "../api";
import { moveSAN, playerLabel, playerOf, sanText } from "./common";
import type { Analysis, AnalysisStep as Step, AnalysisView } from "../wire";

/** signs are the marks as annotators write them. */
const signs: Record<string, string> = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/** request calls the analysis endpoint; null for a 404 (none asked for). */
async function request(method: "GET" | "POST", id: string): Promise<AnalysisView | null> {
  const r = await fetch(`/api/games/${id}/analysis`, { method });
  const data = await r.json().catch(() => null);
  if (r.status === 404 && data?.error?.code === "not_found") return null;
  if (!r.ok) throw new ApiError(data?.error?.code ?? "http_" + r.status, data?.error?.message ?? r.statusText, r.status);
  return data as AnalysisView;
}

export interface AnalysisPanel {
  el: HTMLElement;
  /** update shows the panel once the game v is over. */
  update(v: GameView): void;
  /** markMoves adds the marks to the move list's plies. */
  markMoves(list: HTMLElement): void;
  close(): void;
}

/** analysisPanel is the panel of game id; plies gives the game's plies
 * (for their SAN), pick shows the position after a ply. */
export function analysisPanel(id: string, plies: () => Ply[], pick: (ply: number) => void, number: (ply: number) => string = (i) => `${i + 1}.`, startPos: () => string = () => ""): AnalysisPanel {
  let closed = false;
  let asked = false; // a GET was made, or a POST
  let result: Analysis | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let movesList: HTMLElement | null = null;

  const body = h("div", { class: "analysis-body" });
  const button = h("button", { type: "button", id: "analyse", class: "primary", onclick: () => start() }, t("analysis.start"));
  const el = h("section", { class: "panel analysis-panel", id: "analysis", hidden: true }, h("h2", null, t("analysis.title")), body);

  async function start(): Promise<void> {
    button.disabled = true;
    try {
      const v = await request("POST", id);
      if (v) got(v);
    } catch (e) {
      button.disabled = false;
      clear(body, button, h("div", { class: "error" }, peopleText(e)));
    }
  }

  async function poll(): Promise<void> {
    if (closed) return;
    try {
      const v = await request("GET", id);
      if (v) got(v);
      else clear(body, button);
    } catch (e) {
      clear(body, button, h("div", { class: "error" }, peopleText(e)));
    }
  }

  /** got shows an answer, and asks again while the analysis runs. */
  function got(v: AnalysisView): void {
    if (closed) return;
    if (v.status === "done" && v.analysis) {
      result = v.analysis;
      draw(result);
      return;
    }
    if (v.status === "failed") {
      button.disabled = false;
      clear(body, button, h("div", { class: "error" }, t("analysis.failed", { error: v.error ?? "" })));
      return;
    }
    const text = v.status === "queued" ? t("analysis.queued") : t("analysis.running", { done: v.done, total: v.total });
    clear(
      body,
      h("div", { class: "analysis-progress", id: "analysis-progress", "data-done": v.done, "data-total": v.total },
        h("progress", { max: Math.max(1, v.total), value: v.done, "aria-label": t("analysis.title") }),
        h("span", null, text)),
      v.actions > v.total ? partialNotice(v.total, v.actions) : null,
    );
    timer = setTimeout(poll, 700);
  }

  /** moveText is a step's move as the move list writes it. */
  function moveText(st: Step): string {
    const san = plies()[st.ply]?.san;
    return san ? sanText(san) : st.move;
  }

  /** bestText is the AI's preferred move in SAN where the game writes
   * its moves so (moveSAN), from the position before the step. */
  function bestText(st: Step): string {
    const ps = plies();
    if (!st.best || !ps[st.ply]?.san) return st.best ?? "";
    const before = st.ply > 0 ? ps[st.ply - 1].position : startPos();
    return before ? moveSAN(before, st.best) : st.best;
  }

  function draw(a: Analysis): void {
    const dice = a.steps.some((st) => st.chance);
    const marked = a.steps.filter((st) => st.mark);
    clear(
      body,
      a.partial ? partialNotice(a.analysed, a.actions) : null,
      graph(a, dice, pick, number),
      dice ? h("p", { class: "analysis-legend" }, h("span", { class: "legend-luck" }, t("analysis.legend.luck")), " ", h("span", { class: "legend-skill" }, t("analysis.legend.skill"))) : null,
      marked.length
        ? h("ol", { class: "analysis-marks", id: "analysis-marks" },
          marked.map((st) =>
            h("li", null, h("button", { type: "button", class: `mark-${st.mark}`, "data-ply": st.ply, "data-mark": st.mark, onclick: () => pick(st.ply) },
              `${number(st.ply)} ${playerLabel(st.player)}: ${moveText(st)} ${signs[st.mark!]} `,
              h("span", { class: "mark-name" }, t("analysis.mark." + st.mark)),
              st.best ? [" — ", t("analysis.best", { move: bestText(st) })] : null,
              ` (${pct(st.before[a.players.indexOf(st.player)])} → ${pct(st.after[a.players.indexOf(st.player)])})`,
            )),
          ))
        : h("p", { class: "analysis-none" }, t("analysis.none")),
      summary(a, dice),
    );
    if (movesList) markMoves(movesList);
  }

  function markMoves(list: HTMLElement): void {
    movesList = list;
    if (!result) return;
    for (const st of result.steps) {
      if (!st.mark) continue;
      const b = list.querySelector<HTMLElement>(`[data-ply="${st.ply}"]`);
      if (!b || b.querySelector(".move-mark")) continue;
      b.append(h("span", { class: `move-mark mark-${st.mark}`, title: t("analysis.mark." + st.mark) + (st.best ? " — " + t("analysis.best", { move: st.best }) : "") }, signs[st.mark]));
    }
  }

  return {
    el,
    update(v: GameView) {
      el.hidden = !v.finished;
      if (!v.finished || asked) return;
      asked = true;
      clear(body, button);
      poll();
    },
    markMoves,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

/** partialNotice says that only the first analysed of the game's actions
 * are analysed. */
function partialNotice(analysed: number, actions: number): HTMLElement {
  return h("p", { class: "analysis-partial", id: "analysis-partial", "data-analysed": analysed, "data-actions": actions }, t("analysis.partial", { analysed, actions }));
}

/** perMove writes the win probability lost per choice, on average, in
 * percent with a decimal ("1.8%"): a sum over a game can pass 100%. */
function perMove(loss: number, moves: number): string {
  return `${(moves > 0 ? (100 * loss) / moves : 0).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

/** pct writes a probability in whole percent. */
function pct(x: number | undefined): string {
  return `${Math.round(100 * (x ?? 0))}%`;
}

/** graph draws the first player's win probability over the game: a point
 * for the start and one after each ply, the rolls' parts dashed, the
 * marked moves as dots that show their positions. */
function graph(a: Analysis, dice: boolean, pick: (ply: number) => void, number: (ply: number) => string): HTMLElement {
  const W = 600;
  const H = 160;
  const n = a.steps.length;
  const xs = (i: number) => (n === 0 ? 0 : (i * W) / n);
  const ys = (p: number) => H - p * H;
  const values = [a.start[0], ...a.steps.map((st) => st.after[0])];
  const pts = values.map((p, i) => `${xs(i).toFixed(1)},${ys(p).toFixed(1)}`);
  const area = `M0,${H} L${pts.join(" L")} L${W},${H} Z`;
  const kids: SVGElement[] = [
    s("rect", { x: 0, y: 0, width: W, height: H, class: "graph-bg" }),
    s("path", { d: area, class: "graph-area" }),
    s("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "graph-mid" }),
    s("path", { d: "M" + pts.join(" L"), class: "graph-line", id: "analysis-line", "data-points": values.length }),
  ];
  a.steps.forEach((st, k) => {
    if (st.chance) {
      kids.push(s("line", { x1: xs(k), y1: ys(values[k]), x2: xs(k + 1), y2: ys(values[k + 1]), class: "graph-luck" }));
      kids.push(s("circle", { cx: xs(k + 1), cy: ys(values[k + 1]), r: 2.5, class: "graph-roll" }));
    }
  });
  a.steps.forEach((st, k) => {
    if (!st.mark) return;
    kids.push(
      s("circle", { cx: xs(k + 1), cy: ys(values[k + 1]), r: 5, class: `graph-mark mark-${st.mark}`, "data-ply": st.ply, onclick: () => pick(st.ply) },
        s("title", null, `${number(st.ply)} ${playerLabel(st.player)}: ${st.move} ${signs[st.mark]}`)),
    );
  });
  const who = playerOf(a.players[0]);
  return h("figure", { class: "analysis-graph" },
    s("svg", { viewBox: `-8 -8 ${W + 16} ${H + 16}`, role: "img", "aria-label": t("analysis.graph", { player: who }), id: "analysis-graph", "data-dice": String(dice) }, kids),
    h("figcaption", null, t("analysis.graph", { player: who })),
  );
}

/** summary is each player's accuracy and marks; in the dice games also
 * the luck of the rolls and the win probability the choices lost. */
function summary(a: Analysis, dice: boolean): HTMLElement {
  return h("table", { class: "analysis-summary", id: "analysis-summary" },
    h("thead", null, h("tr", null,
      h("th", null, t("analysis.player")), h("th", null, t("analysis.accuracy")),
      h("th", { title: t("analysis.mark.inaccuracy") }, "?!"), h("th", { title: t("analysis.mark.mistake") }, "?"), h("th", { title: t("analysis.mark.blunder") }, "??"),
      dice ? [h("th", null, t("analysis.skill")), h("th", null, t("analysis.luck"))] : null)),
    h("tbody", null, a.summary.map((p) => h("tr", { "data-player": p.player },
      h("td", null, playerLabel(p.player)), h("td", null, `${p.accuracy.toFixed(0)}%`),
      h("td", null, p.inaccuracies), h("td", null, p.mistakes), h("td", null, p.blunders),
      dice ? [h("td", null, `−${perMove(p.loss, p.moves)}`), h("td", null, `${p.luck >= 0 ? "+" : "−"}${pct(Math.abs(p.luck))}`)] : null))),
  );
}

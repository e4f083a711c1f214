// Offers between the two players of a game, as lichess makes them: a
// draw ("½", with a confirm step like Resign's) and the takeback of one's
// own last move, beside Abort/Resign; a pending offer of the other player
// comes as a prompt with Accept and Decline, one's own as "Draw offer
// sent". The move list shows each offer and answer on a line of its own.

import { h, clear } from "../dom";
import { t } from "../i18n";
import { EventView, GameView } from "../api";
import { playerLabel } from "./common";
import { info } from "../games";
import { playSound } from "../sound";

/** OfferKind is what may be offered. */
export type OfferKind = "draw" | "takeback";

const kinds: OfferKind[] = ["draw", "takeback"];

/** Pending is an offer that waits: who made it and, when this browser may
 * answer it, the seat that answers (else the browser made it). */
export interface Pending {
  kind: OfferKind;
  from: string;
  by?: string;
}

/** Offers is what the page offers a browser in a game of two players. */
export interface Offers {
  /** seat is the seat the buttons act for: the seat to move when the
   * browser holds it, else the one seat it holds. */
  seat: string;
  /** draw is the seat that may offer a draw now (the view's can_offer_draw),
   * or "". */
  draw: string;
  /** takeback is the seat that may ask to take back its last move now
   * (the view's can_takeback), or "". */
  takeback: string;
  /** noDraws says the game's rules allow no draw by agreement (the view's
   * no_draw_offers: Lux et Umbra, Nords Loki): no ½ button at all. */
  noDraws: boolean;
  pending: Pending[];
  /** dice: the game rolls dice, and a move a roll followed cannot be taken
   * back (the disabled Takeback says so). */
  dice: boolean;
}

/** offersOf is what a browser holding the seats held may offer or answer
 * in a game, or null: none in a game over, not started, or of more than
 * two players, nor for a spectator. A pending offer is answered by the
 * other seat when the browser holds it (in hot seat, it holds both). */
export function offersOf(v: GameView, held: Record<string, string>): Offers | null {
  if (v.finished || !v.started || v.players.length !== 2) return null;
  const mine = v.players.filter((p) => held[p]);
  if (mine.length === 0) return null;
  const other = (p: string) => (p === v.players[0] ? v.players[1] : v.players[0]);
  const pending: Pending[] = [];
  for (const kind of kinds) {
    const from = kind === "draw" ? v.draw_offer : v.takeback_offer;
    if (!from) continue;
    pending.push(held[other(from)] ? { kind, from, by: other(from) } : { kind, from });
  }
  const seat = mine.includes(v.to_move) ? v.to_move : mine[0];
  // The server says who may offer now (its limits come from the log).
  return {
    seat,
    draw: v.can_offer_draw?.includes(seat) ? seat : "",
    takeback: mine.find((p) => v.can_takeback?.includes(p)) ?? "",
    noDraws: !!v.no_draw_offers,
    pending,
    dice: info(v.game)?.dice === true,
  };
}

/** offerLine is the move list's line of an offer or answer event ("White
 * offers a draw", "Takeback accepted"), or null for another event. As in
 * leaveLine, Russian agrees the verb with the name. */
export function offerLine(e: EventView): string | null {
  const numbered = /^p\d+$/.test(e.player);
  const player = playerLabel(e.player);
  switch (e.kind) {
    case "draw-offer":
      return t(numbered ? "game.line.draw-offer.numbered" : "game.line.draw-offer", { player });
    case "takeback-offer":
      return t(numbered ? "game.line.takeback-offer.numbered" : "game.line.takeback-offer", { player });
    case "draw-accept":
      return t("game.line.draw-accept");
    case "draw-decline":
      return t("game.line.draw-decline");
    case "takeback-accept":
      return t("game.line.takeback-accept");
    case "takeback-decline":
      return t("game.line.takeback-decline");
  }
  return null;
}

/** OfferControl is the page's offer buttons and its prompts. */
export interface OfferControl {
  /** buttons are ½ and Takeback, for the toolbar. */
  buttons: HTMLElement;
  /** prompts are the pending offers: the other player's with Accept and
   * Decline, one's own as sent. */
  prompts: HTMLElement;
  update(v: GameView, held: Record<string, string>): void;
}

/** offerControl builds the control; act makes the call for a seat (yes
 * offers or accepts, no declines), shows its answer or reports its error,
 * and says whether it was done. */
export function offerControl(act: (kind: OfferKind, seat: string, yes: boolean) => Promise<boolean>): OfferControl {
  const buttons = h("div", { class: "offers", id: "offers", hidden: true });
  const prompts = h("div", { class: "offer-prompts", id: "offer-prompts", role: "status", "aria-live": "polite" });
  let offers: Offers | null = null;
  let confirming = false;
  let working = false;
  let drawn = "";
  // why: the reason of the disabled Takeback is shown (a tap on it, on a
  // touch screen, where there is no hover).
  let why = false;
  // heard: the other player's offers pending that the page has sounded.
  let heard = new Set<string>();

  const key = () => JSON.stringify([offers, confirming, working, why, t("game.draw")]);

  function draw(focus?: "offer" | "cancel"): void {
    if (key() === drawn && !focus) return;
    drawn = key();
    buttons.hidden = !offers;
    buttons.removeAttribute("role");
    buttons.removeAttribute("aria-labelledby");
    if (!offers) {
      clear(buttons);
      clear(prompts);
      return;
    }
    const o = offers;
    if (confirming && o.draw) {
      // As Resign's: the group is named by its question, the focus lands on
      // Cancel.
      buttons.setAttribute("role", "group");
      buttons.setAttribute("aria-labelledby", "draw-question");
      const yes = h("button", { type: "button", id: "draw-confirm", class: "primary", "data-player": o.draw, disabled: working, onclick: confirm }, t("game.draw.confirm"));
      const no = h("button", { type: "button", id: "draw-cancel", disabled: working, onclick: cancel }, t("game.leave.cancel"));
      clear(buttons, h("span", { id: "draw-question", class: "question" }, t("game.draw.question")), yes, no);
      if (focus === "cancel") no.focus();
    } else {
      confirming = false;
      const seat = ` (${playerLabel(o.seat)})`;
      const half = h("button", { type: "button", id: "draw-offer", class: "half", "data-player": o.seat, title: t("game.draw"), "aria-label": t("game.draw") + seat, disabled: !o.draw || working, onclick: ask }, "½");
      // In a dice game the disabled Takeback says why, on hover and on a
      // tap: it stays pressable, marked aria-disabled.
      const reason = !o.takeback && o.dice ? t("game.takeback.dice") : "";
      const back = h(
        "button",
        { type: "button", id: "takeback-offer", "data-player": o.takeback || o.seat, "aria-label": t("game.takeback") + (o.takeback ? ` (${playerLabel(o.takeback)})` : seat), disabled: (!o.takeback && !reason) || working, onclick: takeback },
        t("game.takeback"),
      );
      if (reason) {
        back.setAttribute("aria-disabled", "true");
        back.setAttribute("aria-describedby", "takeback-why");
        back.title = reason;
        back.classList.add("disabled");
      } else why = false;
      const whyNote = reason ? h("span", { id: "takeback-why", class: "why", hidden: !why }, reason) : null;
      if (o.noDraws) clear(buttons, back, whyNote);
      else clear(buttons, half, back, whyNote);
      if (focus === "offer") half.focus();
    }
    clear(
      prompts,
      o.pending.map((p) => {
        const id = p.kind;
        if (!p.by) return h("div", { class: "offer-prompt sent", id: `${id}-sent`, "data-offer": p.kind, "data-from": p.from }, t(p.kind === "draw" ? "game.draw.sent" : "game.takeback.sent"));
        const text = offerLine({ seq: 0, kind: `${p.kind}-offer`, player: p.from, time: "" })!;
        const by = ` (${playerLabel(p.by)})`;
        return h(
          "div",
          { class: "offer-prompt", id: `${id}-prompt`, "data-offer": p.kind, "data-from": p.from, role: "group", "aria-label": text },
          h("span", { class: "question" }, text),
          h("button", { type: "button", id: `${id}-accept`, class: "primary", "data-player": p.by, "aria-label": t("game.offer.accept") + by, disabled: working, onclick: () => answer(p, true) }, t("game.offer.accept")),
          h("button", { type: "button", id: `${id}-decline`, "data-player": p.by, "aria-label": t("game.offer.decline") + by, disabled: working, onclick: () => answer(p, false) }, t("game.offer.decline")),
        );
      }),
    );
  }

  /** run makes a call with the buttons disabled meanwhile. */
  async function run(kind: OfferKind, seat: string, yes: boolean): Promise<boolean> {
    working = true;
    draw();
    try {
      return await act(kind, seat, yes);
    } finally {
      working = false;
      confirming = false;
      draw();
    }
  }

  function ask(): void {
    confirming = true;
    draw("cancel");
  }

  function cancel(): void {
    confirming = false;
    draw("offer");
  }

  async function confirm(): Promise<void> {
    if (!offers?.draw || working) return;
    const done = await run("draw", offers.draw, true);
    if (!done) draw("offer");
  }

  function takeback(): void {
    if (offers?.takeback && !working) run("takeback", offers.takeback, true);
    else if (offers?.dice) {
      why = !why;
      draw();
    }
  }

  function answer(p: Pending, yes: boolean): void {
    if (p.by && !working) run(p.kind, p.by, yes);
  }

  buttons.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && confirming && !working) {
      e.preventDefault();
      cancel();
    }
  });

  return {
    buttons,
    prompts,
    update(v: GameView, held: Record<string, string>): void {
      const next = offersOf(v, held);
      if (!next?.draw || next.draw !== offers?.draw) confirming = false;
      offers = next;
      // A new offer of the other player rings, as on lichess.
      const now = new Set((next?.pending ?? []).filter((p) => p.by).map((p) => `${p.kind}:${p.from}`));
      if ([...now].some((k) => !heard.has(k))) playSound("offer");
      heard = now;
      draw();
    },
  };
}

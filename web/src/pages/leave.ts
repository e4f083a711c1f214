// Leaving a game from its page, as lichess offers it: Abort while the
// seat has not moved, else Resign once the game has started; a first
// press asks "Are you sure?" by turning the button into a confirm and a
// cancel button, and only the confirmation acts.

import { h, clear } from "../dom";
import { t } from "../i18n";
import { EventView, GameView } from "../api";
import { playerLabel } from "./common";

/** Leave is what the page offers: a seat's abort or resignation. */
export interface Leave {
  kind: "resign" | "abort";
  player: string;
}

/** keys are the catalog keys of each leave's button and its confirmation. */
const keys = {
  resign: { offer: "game.resign", confirm: "game.resign.confirm" },
  abort: { offer: "game.abort", confirm: "game.abort.confirm" },
};

/** leaveOffer is the leave a browser holding the seats held may take in a
 * game, or null. The seat is the seat to move when the browser holds it,
 * else, for an abort, the first seat held that may abort (in the order of
 * the players), else the one seat held. Abort while the seat is in
 * can_abort, else Resign once the game has started. With more than two
 * players (three-player Nords Loki) a player resigns on their turn or
 * not, and the others play on; a seat that has left has nothing to leave. */
export function leaveOffer(v: GameView, held: Record<string, string>): Leave | null {
  if (v.finished) return null;
  const mine = v.players.filter((p) => held[p]);
  if (mine.length === 0) return null;
  const canAbort = (p: string) => v.can_abort?.includes(p) ?? false;
  const resign = (p: string): Leave | null => (v.started ? { kind: "resign", player: p } : null);
  if (mine.includes(v.to_move)) return canAbort(v.to_move) ? { kind: "abort", player: v.to_move } : resign(v.to_move);
  const aborter = mine.find(canAbort);
  if (aborter) return { kind: "abort", player: aborter };
  const left = (p: string) => v.seats.find((s) => s.player === p)?.left ?? false;
  if (mine.length === 1 && !left(mine[0])) return resign(mine[0]);
  return null;
}

/** leaveLine is the move list's line of a resign or abort event ("White
 * resigns", "White aborted the game"), of a claim against an opponent who
 * left, or of the end of a game with no human left, or null for another
 * event. Russian agrees the verb with the
 * name: the sides are plural ("Белые сдались"), a numbered player
 * singular ("Игрок 2 сдался"). */
export function leaveLine(e: EventView): string | null {
  if (e.kind === "no-human") return t("game.line.no-human");
  if (e.kind === "claim-victory") return t("game.line.claim-victory", { player: playerLabel(e.player) });
  if (e.kind === "claim-draw") return t("game.line.claim-draw", { player: playerLabel(e.player) });
  if (e.kind !== "resign" && e.kind !== "abort") return null;
  const numbered = /^p\d+$/.test(e.player);
  const key =
    e.kind === "resign"
      ? numbered ? "game.line.resign.numbered" : "game.line.resign"
      : numbered ? "game.line.abort.numbered" : "game.line.abort";
  return t(key, { player: playerLabel(e.player) });
}

/** LeaveControl is the page's leave button and its confirmation. */
export interface LeaveControl {
  el: HTMLElement;
  /** update shows the leave a view offers (none when the game is over or
   * the browser holds no seat); a confirmation asked for stays while the
   * offer stays the same. */
  update(v: GameView, held: Record<string, string>): void;
}

/** leaveControl builds the control; act makes the call once confirmed,
 * shows its answer or reports its error, and says whether it was done. */
export function leaveControl(act: (l: Leave) => Promise<boolean>): LeaveControl {
  const el = h("div", { class: "leave", id: "leave", hidden: true });
  let offer: Leave | null = null;
  let confirming = false;
  let working = false;
  let drawn = "";

  const key = () => (offer ? `${offer.kind} ${offer.player}${confirming ? " confirm" : ""}${working ? " working" : ""}` : "");

  function draw(focus?: "offer" | "cancel"): void {
    if (key() === drawn) return;
    drawn = key();
    el.hidden = !offer;
    el.removeAttribute("role");
    el.removeAttribute("aria-labelledby");
    if (!offer) {
      clear(el);
      return;
    }
    const l = offer;
    // The label names the seat too (in hot seat the browser holds several).
    const label = `${t(keys[l.kind].offer)} (${playerLabel(l.player)})`;
    if (!confirming) {
      const btn = h("button", { type: "button", id: "leave-offer", "data-leave": l.kind, "data-player": l.player, "aria-label": label, onclick: ask }, t(keys[l.kind].offer));
      clear(el, btn);
      if (focus === "offer") btn.focus();
      return;
    }
    // The question names the group, so that a screen reader says it when
    // the focus lands on Cancel, the safe choice.
    el.setAttribute("role", "group");
    el.setAttribute("aria-labelledby", "leave-question");
    const yes = h("button", { type: "button", id: "leave-confirm", class: "danger", "data-leave": l.kind, "data-player": l.player, "aria-label": label, disabled: working, onclick: confirm }, t(keys[l.kind].confirm));
    const no = h("button", { type: "button", id: "leave-cancel", disabled: working, onclick: cancel }, t("game.leave.cancel"));
    clear(el, h("span", { id: "leave-question", class: "question" }, t("game.leave.question")), yes, no);
    if (focus === "cancel") no.focus();
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
    if (!offer || working) return;
    const l = offer;
    working = true;
    draw();
    let done = false;
    try {
      done = await act(l);
    } finally {
      working = false;
      confirming = false;
      // Done, the buttons stay disabled until the new view takes them
      // away; refused, the offer comes back with the focus.
      if (!done) draw("offer");
    }
  }

  el.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && confirming && !working) {
      e.preventDefault();
      cancel();
    }
  });

  return {
    el,
    update(v: GameView, held: Record<string, string>): void {
      const next = leaveOffer(v, held);
      if (!next || !offer || next.kind !== offer.kind || next.player !== offer.player) confirming = false;
      offer = next;
      draw();
    },
  };
}

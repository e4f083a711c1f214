// A rematch once the game is over, as lichess offers it: a seat held asks
// with "Rematch" (in hot seat one press asks for every seat the browser
// holds), the other player's page shows "Rematch offered" with the button
// to accept or decline (the asking page then says it was declined);
// against the computer the button reads "Play again" and the new game
// starts at once. When the new game exists every page of the old
// one goes there (followRematch), a player's page keeping its token for
// the seat the new game gives it.

import { h, clear } from "../dom";
import { t } from "../i18n";
import { api, seats, GameView } from "../api";

/** Rematch is what the page offers a browser in a game over. */
export interface Rematch {
  /** asking are the human seats held that may still ask. */
  asking: string[];
  /** asked says that a seat held asked already. */
  asked: boolean;
  /** offered says that another person's seat asked. */
  offered: boolean;
  /** ai says that the game has a computer's seat ("Play again"). */
  ai: boolean;
  /** declined says that the other player declined the rematch a seat
   * held asked for (the offer is gone, no game made). */
  declined?: boolean;
}

/** rematchOf is the rematch a browser holding the seats held may ask for
 * or accept in a game, or null: none before the end, once the rematch
 * exists, nor for a spectator. */
export function rematchOf(v: GameView, held: Record<string, string>): Rematch | null {
  if (!v.finished || v.rematch) return null;
  const humans = v.seats.filter((s) => s.kind === "human").map((s) => s.player);
  const mine = humans.filter((p) => held[p]);
  if (mine.length === 0) return null;
  const offers = v.rematch_offers ?? [];
  return {
    asking: mine.filter((p) => !offers.includes(p)),
    asked: mine.some((p) => offers.includes(p)),
    offered: offers.some((p) => !held[p]),
    ai: v.seats.some((s) => s.kind === "ai"),
  };
}

/** RematchControl is the page's rematch button and its note. */
export interface RematchControl {
  el: HTMLElement;
  update(v: GameView, held: Record<string, string>): void;
}

/** rematchControl builds the control; act asks for the rematch for the
 * seats given, shows the answer or reports its error. */
export function rematchControl(act: (players: string[]) => Promise<boolean>, decline: (players: string[]) => Promise<boolean>): RematchControl {
  const el = h("div", { class: "rematch", id: "rematch-box", hidden: true, role: "status", "aria-live": "polite" });
  let r: Rematch | null = null;
  let working = false;
  let drawn = "";

  function draw(): void {
    const key = JSON.stringify([r, working, t("game.rematch")]);
    if (key === drawn) return;
    drawn = key;
    el.hidden = !r;
    if (!r) {
      clear(el);
      return;
    }
    const o = r;
    const label = o.ai ? t("game.rematch.again") : o.offered && o.asking.length ? t("game.rematch.accept") : t("game.rematch");
    const btn = h("button", { type: "button", id: "rematch", class: o.offered && o.asking.length ? "primary" : "", "data-state": o.asking.length ? (o.offered ? "offered" : "ask") : "sent", disabled: working || o.asking.length === 0, onclick: ask }, label);
    const note = o.asking.length === 0 ? t("game.rematch.sent") : o.offered ? t("game.rematch.offered") : o.declined ? t("game.rematch.declined") : "";
    // The other player's offer can be declined, as lichess.
    const no = o.offered && o.asking.length ? h("button", { type: "button", id: "rematch-decline", disabled: working, onclick: refuse }, t("game.offer.decline")) : null;
    el.classList.toggle("offered", !!no);
    clear(el, note ? h("span", { class: "question", id: "rematch-note", "data-note": o.declined && !o.offered && o.asking.length ? "declined" : "" }, note) : null, btn, no);
  }

  async function refuse(): Promise<void> {
    if (!r || working) return;
    working = true;
    draw();
    try {
      await decline(r.asking);
    } finally {
      working = false;
      draw();
    }
  }

  async function ask(): Promise<void> {
    if (!r || working || r.asking.length === 0) return;
    working = true;
    draw();
    try {
      await act(r.asking);
    } finally {
      working = false;
      draw();
    }
  }

  return {
    el,
    update(v: GameView, held: Record<string, string>): void {
      // An offer of a seat held that went without a rematch was declined
      // (as lichess says it); asking again, or the other's offer, ends it.
      const was = r;
      r = rematchOf(v, held);
      if (r) r.declined = !r.asked && !r.offered && !!was && (was.asked || !!was.declined);
      draw();
    },
  };
}

/** followRematch keeps, for the new game, every token the browser holds
 * for the old one, under the seat the new game gives it (each person
 * keeps their token: the server's you names the new seat). */
export async function followRematch(oldId: string, newId: string): Promise<void> {
  for (const tok of new Set(Object.values(seats.all(oldId)))) {
    try {
      const v = await api.get(newId, tok);
      if (v.you) seats.add(newId, v.you, tok);
    } catch {
      /* the token opens no seat there */
    }
  }
}

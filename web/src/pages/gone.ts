// Presence and abandonment, as lichess shows them: a dot beside each
// human player's name says whether a page or terminal of theirs is
// connected (the feed's {"type":"watchers"} message names the players
// online); when the opponent of the one seat this browser holds has left
// a live game, a bar counts down the grace time the server gave
// (gone_ms), then offers to claim the victory or call it a draw.

import { h, clear } from "../dom";
import { t } from "../i18n";
import { GameView } from "../api";

/** Presence is what the feed said last of the players: who is online
 * (null until it said), and for each player gone the time (Date.now())
 * from which their opponent may claim. */
export interface Presence {
  online: string[] | null;
  claimAt: Record<string, number>;
}

/** presenceOf reads a watchers message's players online and gone_ms. */
export function presenceOf(online: string[] | undefined, goneMs: Record<string, number> | undefined, now: number): Presence {
  const claimAt: Record<string, number> = {};
  for (const [p, ms] of Object.entries(goneMs ?? {})) claimAt[p] = now + ms;
  return { online: online ?? [], claimAt };
}

/** presenceDot is the dot beside player p's name: online or offline, for
 * a human seat once the feed has said; null otherwise. */
export function presenceDot(v: GameView, p: string, pr: Presence): HTMLElement | null {
  const seat = v.seats.find((s) => s.player === p);
  if (!pr.online || seat?.kind !== "human" || v.finished) return null;
  const on = pr.online.includes(p);
  const label = t(on ? "presence.online" : "presence.offline");
  return h("span", { class: "presence " + (on ? "on" : "off"), "data-presence": p, "data-online": String(on), title: label, "aria-label": label, role: "img" });
}

/** GoneControl is the bar of a claim against an opponent who left. */
export interface GoneControl {
  el: HTMLElement;
  /** update shows the bar when the browser holds exactly one seat of a
   * game going on whose opponent is gone (hot seat never shows it). */
  update(v: GameView | null, held: Record<string, string>, pr: Presence): void;
  /** stop ends the countdown's timer (the page is left). */
  stop(): void;
}

/** goneControl builds the bar; claim makes the call and says whether it
 * was done. */
export function goneControl(claim: (seat: string, what: "victory" | "draw") => Promise<boolean>): GoneControl {
  const el = h("div", { class: "gone-bar", id: "gone", hidden: true, role: "status", "aria-live": "polite" });
  let seat = "";
  let at = 0; // when the claim is possible; 0: no opponent gone
  let working = false;
  let drawn = "";

  function draw(): void {
    const left = at ? Math.max(0, at - Date.now()) : 0;
    const ready = at > 0 && left === 0;
    const key = at ? `${seat} ${ready ? "ready" : Math.ceil(left / 1000)} ${working}` : "";
    if (key === drawn) return;
    drawn = key;
    el.hidden = !at;
    if (!at) {
      clear(el);
      return;
    }
    // The buttons are there from the start of the countdown, disabled
    // until its end, as the claim will look.
    const s = Math.ceil(left / 1000);
    const text = ready
      ? h("span", { class: "gone-text", id: "gone-text", "data-left": "0" }, t("gone.claimable"))
      : h("span", { class: "gone-text", id: "gone-text", "data-left": String(s) }, t("gone.countdown", { time: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` }));
    const act = (what: "victory" | "draw") => async () => {
      working = true;
      draw();
      try {
        await claim(seat, what);
      } finally {
        working = false;
        draw();
      }
    };
    clear(
      el,
      text,
      h("button", { type: "button", id: "claim-victory", class: "primary", disabled: working || !ready, onclick: act("victory") }, t("gone.victory")),
      h("button", { type: "button", id: "claim-draw", disabled: working || !ready, onclick: act("draw") }, t("gone.draw")),
    );
  }

  const timer = setInterval(draw, 250);

  return {
    el,
    update(v: GameView | null, held: Record<string, string>, pr: Presence): void {
      const mine = v ? v.players.filter((p) => held[p]) : [];
      at = 0;
      if (v && !v.finished && v.players.length === 2 && mine.length === 1) {
        seat = mine[0];
        const other = v.players.find((p) => p !== seat) ?? "";
        at = pr.claimAt[other] ?? 0;
      }
      draw();
    },
    stop: () => clearInterval(timer),
  };
}

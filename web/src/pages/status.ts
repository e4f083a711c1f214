// What the game page says of the state it shows: whose turn it is and
// what the turn asks (the call of steel's forced capture, a Nords Loki
// roll to play), the players and clocks above and below the board, and
// the switch of the animations (kept in localStorage).

import { h } from "../dom";
import { t } from "../i18n";
import { GameView, Ply } from "../api";
import { playerLabel, seatLabel, youPlay } from "./common";

const animKey = "norns.animations";

/** animationsOn says whether the page shows rolls and moves one by one
 * (on unless switched off). */
export function animationsOn(): boolean {
  try {
    return localStorage.getItem(animKey) !== "off";
  } catch {
    return true;
  }
}

/** setAnimations switches the animations on or off, remembered. */
export function setAnimations(on: boolean): void {
  try {
    localStorage.setItem(animKey, on ? "on" : "off");
  } catch {
    /* not remembered */
  }
}

/** settledStatus is the status line of a game under way whose seat to
 * move is a player's: whose turn, what the turn asks, and "your move"
 * for a seat this browser holds. */
export function settledStatus(v: GameView, _plies: Ply[], mine: boolean): string {
  const who = playerLabel(v.to_move);
  const fields = v.position.split(" ");
  // Check is said, not only shown by the king's glow.
  const base = t("status.turn", { player: who }) + (v.check?.length ? " — " + t("status.check") : "");
  if (v.game === "seidr" && fields[6] === "steel") return base + " — " + t(mine ? "status.steel.you" : "status.steel");
  // Lux et Umbra's second move: the die left says from where.
  if (v.game === "luxumbra" && /^[ls]$/.test((fields[6] ?? "").replace(/[A-Z-]/g, "")) && /^[LS]$/.test((fields[6] ?? "").replace(/[a-z-]/g, ""))) {
    const left = (fields[6] ?? "").replace(/[a-z-]/g, "");
    return base + " — " + t(left === "L" ? "status.lux.light" : "status.lux.dark") + (mine ? " — " + t("game.yourturn") : "");
  }
  if (v.game === "nordsloki") {
    const m = /(?:^| )move:p\d:([\d-]+)/.exec(v.position);
    if (m) return t("status.loki.moves", { player: who, dice: m[1] }) + (mine ? " — " + t("game.yourturn") : "");
  }
  return base + (mine ? " — " + t("game.yourturn") : "");
}

/** clockStrip is the players with their clocks above (top) and below
 * (bottom) the board: below, the seat this browser holds (or the first
 * player, or the second when the board is flipped), above the others;
 * dot gives the mark of each player's presence (gone.ts). */
export function clockStrip(
  v: GameView,
  mine: Record<string, string>,
  flipped: boolean,
  clockText: (ms: number, days: boolean) => string,
  firstMoveText: (ms: number, days: boolean) => string,
  dot: (p: string) => HTMLElement | null = () => null,
): { top: HTMLElement[]; bottom: HTMLElement[] } {
  const held = v.players.filter((p) => mine[p]);
  // Two players: the side at the board's bottom (the page flips the
  // board for a player of the second seat).
  const me = v.players.length === 2 ? v.players[flipped ? 1 : 0] : (held[0] ?? v.players[0]);
  const line = (p: string) => {
    const s = v.seats.find((x) => x.player === p);
    return h(
      "div",
      { class: "strip-player" + (p === v.to_move ? " to-move" : ""), "data-player": p },
      h("span", { class: "strip-name" }, dot(p), h("strong", null, playerLabel(p)), s && !(mine[p] && !s.name) ? [" ", seatLabel(s)] : null, mine[p] ? h("span", { class: "you" }, youPlay(p)) : null),
      v.clock ? h("span", { class: "clock", "data-strip-clock": p }, clockText(v.clock.remaining_ms[p] ?? 0, !!v.clock.days_per_move)) : null,
      // The first move's time left, beside the clock (a phone shows the
      // strips only).
      v.clock?.first_move_ms && p === v.to_move && !v.finished ? h("span", { class: "first-move", "data-strip-first": p }, firstMoveText(v.clock.first_move_ms, !!v.clock.days_per_move)) : null,
    );
  };
  return { top: v.players.filter((p) => p !== me).map(line), bottom: [line(me)] };
}

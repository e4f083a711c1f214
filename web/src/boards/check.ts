// What the page says beside a board: a check (the boards glow a king in
// check red; checkText says it in words for the status line), and that the
// viewer watches.

import { h } from "../dom";
import { t } from "../i18n";

/** checkText is "Check" when a king is in check in the view (the server
 * lists the kings in check, in the games with check), else "". */
export function checkText(v: { check?: string[] | null }): string {
  return v.check && v.check.length > 0 ? t("status.check") : "";
}

/** watchingBadge says "You are watching" beside the board of a page that
 * holds no seat of the game (held is given by the game page, and empty),
 * else nothing. */
export function watchingBadge(v: { held?: number[]; over: boolean }): HTMLElement | null {
  return v.held !== undefined && v.held.length === 0 && !v.over ? h("div", { class: "watching", id: "watching" }, t("board.watching")) : null;
}

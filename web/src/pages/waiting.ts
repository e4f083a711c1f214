// The waiting page of a game for friends: while seats are open, the
// creator sees each open seat's invitation link with a Copy button (from
// the create answer, else, after a reload, from the server's list of
// invitations, which only the creator gets; another seat holder is told
// to wait), in place of the board; the page turns into the board when
// the last seat fills. And the message a player opening an invitation
// gets when it no longer opens a seat (at once when the game's view says
// so, else when the join step's Join is refused).

import { h, clear } from "../dom";
import { t } from "../i18n";
import { api, peopleText, ApiError, GameView, SeatGrant } from "../api";
import { playerLabel } from "./common";

/** fresh are the invitations of the games created in this page, by id
 * (the create answer), so that the game's page shows them at once. */
export const fresh = new Map<string, SeatGrant[]>();

/** invitePath is the path of an invitation: the game's page, which
 * shows the join step (join.ts). */
export function invitePath(id: string, player: string, invite: string): string {
  return `/games/${id}?seat=${encodeURIComponent(player)}&invite=${encodeURIComponent(invite)}`;
}

/** inviteLink is the address a friend opens to take a seat. */
export function inviteLink(id: string, g: SeatGrant): string {
  return location.origin + invitePath(id, g.player, g.invite ?? "");
}

/** WaitingPanel shows the invitations while seats are open. */
export interface WaitingPanel {
  el: HTMLElement;
  /** update shows the panel for a seat holder (token) while the view has
   * open seats, and says whether it is shown. */
  update(v: GameView, token: string | undefined): boolean;
}

export function waitingPanel(id: string, report: (text: string) => void): WaitingPanel {
  const list = h("div", { class: "invites-list" });
  const help = h("p", null, t("create.invites.help"));
  const el = h("section", { class: "panel invites", id: "invites", hidden: true }, h("h2", null, t("create.invites")), help, list);
  let drawn = "";

  function draw(open: string[], grants: SeatGrant[]): void {
    clear(
      list,
      grants
        .filter((g) => open.includes(g.player) && g.invite)
        .map((g) => {
          const input = h("input", { type: "text", readonly: true, value: inviteLink(id, g), "data-invite": g.player, "aria-label": t("create.invite", { player: playerLabel(g.player) }) });
          const copy = h("button", { type: "button", "data-copy": g.player, onclick: () => {
            input.select();
            navigator.clipboard?.writeText(input.value).catch(() => document.execCommand("copy"));
            copy.textContent = t("create.copied");
          } }, t("create.copy"));
          return h("div", { class: "invite" }, h("strong", null, playerLabel(g.player)), input, copy);
        }),
    );
  }

  return {
    el,
    update(v: GameView, token: string | undefined): boolean {
      const open = v.finished ? [] : v.seats.filter((s) => s.kind === "open").map((s) => s.player);
      el.hidden = !token || open.length === 0;
      if (el.hidden) return false;
      const key = open.join(" ");
      if (key !== drawn) {
        drawn = key;
        const known = fresh.get(id);
        if (known) draw(open, known);
        else
          api.invites(id, token!).then(
            (gs) => {
              fresh.set(id, gs);
              draw(open, gs);
            },
            (e) => {
              // Only the creator gets the invitations: a player who
              // joined waits for the others.
              if (e instanceof ApiError && e.code === "not_creator") {
                help.textContent = t("create.invites.others");
                clear(list);
              } else report(peopleText(e));
            },
          );
      }
      return true;
    },
  };
}

/** inviteProblem is the message for an invitation that opens no seat:
 * used, cancelled, of a game over or of no game; null for another error. */
export function inviteProblem(id: string, e: unknown): HTMLElement | null {
  if (!(e instanceof ApiError)) return null;
  const keys: Record<string, string> = {
    seat_not_open: "invite.taken",
    bad_invite: "invite.bad",
    game_over: "invite.over",
    game_not_found: "invite.nogame",
  };
  const key = keys[e.code];
  if (!key) return null;
  const watch = e.code === "game_not_found" ? h("a", { href: "/", class: "button" }, t("nav.lobby")) : h("a", { href: `/games/${id}`, class: "button primary", id: "invite-watch" }, t("invite.watch"));
  return h("section", { class: "panel invite-problem", id: "invite-problem", role: "alert", "data-code": e.code }, h("h2", null, t("invite.title")), h("p", null, t(key)), h("p", null, watch));
}

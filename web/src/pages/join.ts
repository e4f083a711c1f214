// The join step: an invitation link (and the lobby's Join of a game with
// dice) opens the game's page with the invitation in its address, and the
// page shows what the invitation offers before taking the seat, as an
// invitation on lichess does: the game (its picture, options and
// players), the seat, the clock, the player's name and, in a game with
// dice, the player's own dice seed (a fresh random one, which the player
// may replace: the first roll can come as soon as the last seat is
// taken, too early for the game page's seed field). "Join the game" takes
// the seat with that name and seed (and, with dice, the commitment to the
// seat's first nonce: nonce.ts), and the page becomes the game's; an
// invitation that no longer opens a seat says so (waiting.ts), at once
// when the game's view shows it.

import { h, clear } from "../dom";
import { t } from "../i18n";
import { api, newSeed, peopleText, seats, ApiError, GameView } from "../api";
import { info, makeBoard } from "../games";
import { nameField } from "../newgame";
import { firstCommit } from "../nonce";
import { optionTitle, playerLabel, seatLabel, valueLabel } from "./common";
import { seedField } from "./fair";
import { inviteProblem } from "./waiting";
import { route } from "../nav";

/** joinStep draws the join step of an invitation to a game's seat in
 * main, and returns the page's cleanup. */
export function joinStep(main: HTMLElement, id: string, seat: string, invite: string): () => void {
  let closed = false;
  const title = h("h1", { class: "game-title" }, t("join.title"));
  const box = h("div", null, h("p", { class: "muted" }, t("common.loading")));
  document.title = `${t("join.title")} — Norns`;
  main.append(title, box);

  /** problem shows the message of an invitation that opens no seat. */
  const problem = (e: unknown): boolean => {
    const p = inviteProblem(id, e);
    if (!p) return false;
    document.title = `${t("invite.title")} — Norns`;
    clear(main, p);
    return true;
  };

  api.get(id).then(
    (v) => {
      if (closed) return;
      const s = v.seats.find((x) => x.player === seat);
      if (v.finished) problem(new ApiError("game_over", "", 409));
      else if (!s || s.kind !== "open") problem(new ApiError("seat_not_open", "", 409));
      else {
        const name = t(info(v.game)?.title ?? "game." + v.game);
        document.title = `${t("join.title")}: ${name} — Norns`;
        clear(title, t("join.title"), ": ", name);
        clear(box, step(v));
      }
    },
    (e) => {
      // An invitation of no game says so (invite.nogame).
      if (closed || problem(e)) return;
      clear(box, h("p", { class: "error", role: "alert" }, peopleText(e)));
    },
  );

  /** step is the join step's content for the game's view. */
  function step(v: GameView): HTMLElement {
    const dice = info(v.game)?.dice === true;
    // A picture of the game as it stands: its board takes no focus and is
    // not read out.
    const thumb = h("div", { class: "thumb", "aria-hidden": "true", inert: true });
    const board = makeBoard(v.game);
    board.update({ game: v.game, position: v.position, legal: [], history: [], toMove: 0, players: v.players, over: false, viewer: -1 }, false);
    const svg = board.el.querySelector("svg.board");
    if (svg) thumb.append(svg);
    const options = Object.entries(v.options ?? {}).filter(([k]) => k !== "max-turns");
    const fact = (key: string, value: string, attr: string) => [h("dt", null, t(key)), h("dd", { "data-fact": attr }, value)];
    const facts = h(
      "dl",
      { class: "join-facts", id: "join-facts" },
      fact("create.seat", playerLabel(seat), "seat"),
      fact("lobby.players", v.seats.map((s) => `${playerLabel(s.player)}: ${seatLabel(s)}`).join(", "), "players"),
      options.length ? fact("lobby.options", options.map(([k, x]) => `${optionTitle(k)}: ${valueLabel(k, x)}`).join("; "), "options") : null,
      fact("create.clock", clockName(v.clock), "clock"),
    );
    const name = nameField();
    // The seed is the player's, prefilled with a fresh random one.
    const seed = dice
      ? seedField("join-seed", newSeed(), [t("join.seed.help"), " ", h("a", { href: "/verify", id: "join-fair" }, t("join.seed.fair"))])
      : null;
    const err = h("div", { class: "error", id: "join-error", role: "alert" });
    const accept = h("button", { type: "submit", class: "primary", id: "join-accept" }, t("join.accept"));
    const form = h(
      "form",
      { class: "create join-form", id: "join-form" },
      name.el,
      seed?.el,
      h("div", { class: "join-actions" }, accept, " ", h("a", { href: `/games/${id}`, class: "button", id: "join-watch" }, t("invite.watch"))),
      err,
    );
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      err.textContent = "";
      const me = name.value();
      if (me === null) return;
      const typed = seed ? seed.value() : "";
      if (typed === null) {
        err.textContent = t("seed.invalid");
        seed?.input.focus();
        return;
      }
      accept.disabled = true;
      try {
        // In a game with dice the seat commits to its first nonce, from
        // a secret this browser keeps beside the token (nonce.ts).
        const commit = dice ? await firstCommit(id, seat, v.fairness.scheme) : undefined;
        const r = await api.join(id, seat, invite, me, typed || undefined, commit);
        seats.add(id, r.player, r.token);
        if (closed) return;
        // The game's page, the invitation gone from the address.
        history.replaceState(null, "", `/games/${id}`);
        route();
      } catch (x) {
        if (closed || problem(x)) return;
        err.textContent = peopleText(x);
        if (x instanceof ApiError && x.code === "rated_needs_account") {
          // A rated game takes signed-in players: sign in, then come back.
          err.append(" ", h("a", { href: "/signin", id: "join-signin" }, t("nav.signin")));
        }
        accept.disabled = false;
      }
    });
    return h("section", { class: "panel join-step", id: "join-step", "data-game": v.game, "data-seat": seat }, thumb, facts, form);
  }

  return () => {
    closed = true;
  };
}

/** clockName names a game's clock as the create page offers it: "No
 * clock", "3+2", "Correspondence: 3 days per move". */
function clockName(c: GameView["clock"]): string {
  if (!c) return t("create.clock.none");
  if (c.days_per_move) return t("create.clock.days", { n: c.days_per_move });
  return `${c.initial_ms / 60000}+${c.increment_ms / 1000}`;
}

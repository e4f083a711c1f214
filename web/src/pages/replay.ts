// The replay page: any game of the server, stepped back and forth,
// jumped to a move, or played automatically. Without a game it lists the
// games this browser played (the seats it keeps), newest first; a record
// of the lab (a line of games.jsonl) is loaded on a page of its own,
// /replay/lab. Every message is in the reader's language: a game that
// does not exist is the not-found page.

import { h, clear } from "../dom";
import { has, lang, t } from "../i18n";
import { api, actionsOf, seats, ApiError, GameView, Replay } from "../api";
import { info, makeBoard } from "../games";
import { outcome, playerLabel, reasonShown, resultText, sanText, statusText } from "./common";
import { sayPly } from "./movelist";
import { notFound } from "./notfound";
import { recordLinks } from "./fair";

/** problem is an error of the replay page in the reader's language: the
 * catalog's message of an API error, else the failure's own text. */
function problem(e: unknown): string {
  if (e instanceof ApiError && has("error." + e.code)) return t("error." + e.code);
  return t("replay.failed", { error: String((e as Error)?.message ?? e) });
}

/** myGames lists the games this browser holds a seat of, newest first,
 * each with its state and a link to its replay. */
function myGames(box: HTMLElement): void {
  const ids = seats.games(100);
  if (ids.length === 0) {
    clear(box, h("p", { class: "muted", id: "my-replays-none" }, t("replay.mine.none")));
    return;
  }
  clear(box, h("p", { class: "muted" }, t("common.loading")));
  Promise.all(ids.map((id) => api.get(id).catch(() => null))).then((views) => {
    const vs = views.filter((v): v is GameView => !!v && v.started);
    vs.sort((a, b) => b.created.localeCompare(a.created));
    if (vs.length === 0) {
      clear(box, h("p", { class: "muted", id: "my-replays-none" }, t("replay.mine.none")));
      return;
    }
    clear(
      box,
      h(
        "ul",
        { class: "my-games", id: "my-replays" },
        vs.map((v) =>
          h(
            "li",
            { "data-game": v.id },
            h("a", { href: `/replay/${v.id}` }, t(info(v.game)?.title ?? "game." + v.game)),
            " — ",
            statusText(v.status, v.result, !!v.awaiting_seeds?.length, v.game),
            " — ",
            h("span", { class: "muted" }, new Date(v.created).toLocaleDateString(lang)),
            v.finished ? null : [" ", h("a", { href: `/games/${v.id}`, class: "muted" }, t("replay.tothegame"))],
          ),
        ),
      ),
    );
  });
}

export function replayPage(main: HTMLElement, id?: string): () => void {
  document.title = `${t("nav.replay")} — Norns`;
  let closed = false;
  // The replay shown, if any: one at a time, its autoplay stopped when
  // another record replaces it or the page closes.
  let current: ReplayPlayer | null = null;
  const show = (into: HTMLElement, r: Replay) => {
    current?.stop();
    current = closed ? null : player(into, r);
  };
  // One keyboard listener for the page, whatever the number of records
  // loaded: the arrows step the replay shown.
  const onKey = (e: KeyboardEvent) => {
    if (!current || (e.target instanceof Element && e.target.closest("input, textarea, select"))) return;
    if (e.key === "ArrowLeft") current.step(-1);
    if (e.key === "ArrowRight") current.step(1);
  };
  document.addEventListener("keydown", onKey);
  const box = h("div", { class: "replay" });
  main.append(h("h1", null, t("replay.title")), box);
  if (id) {
    clear(box, h("p", { class: "muted" }, t("common.loading")));
    api
      .get(id)
      .then((v) =>
        api.replay({ game: v.game, options: v.options, actions: actionsOf(v.history) }).then((r) => {
          r.status = v.status;
          r.result = v.result;
          show(box, r);
          // The game's record, to download.
          const links = h("p", { class: "record-links", id: "records" });
          box.append(links);
          recordLinks(links, id, v.game).catch(() => {});
        }),
      )
      .catch((e) => {
        if (closed) return;
        if (e instanceof ApiError && e.code === "game_not_found") notFound(main, { kind: "game", id });
        else clear(box, h("p", { class: "error" }, problem(e)));
      });
  } else {
    clear(
      box,
      h("h2", null, t("replay.mine")),
      h("div", { id: "my-replays-box" }),
      h("p", null, h("a", { href: "/replay/lab", id: "lab-link" }, t("replay.lab")), " · ", h("a", { href: "/verify" }, t("verify.link"))),
    );
    myGames(box.querySelector("#my-replays-box") as HTMLElement);
  }
  return () => {
    closed = true;
    current?.stop();
    current = null;
    document.removeEventListener("keydown", onKey);
  };
}

/** labReplayPage loads records of the lab (lines of games.jsonl), pasted
 * or chosen as a file, and replays the one chosen. */
export function labReplayPage(main: HTMLElement): () => void {
  document.title = `${t("replay.lab")} — Norns`;
  let closed = false;
  let current: ReplayPlayer | null = null;
  const show = (into: HTMLElement, r: Replay) => {
    current?.stop();
    current = closed ? null : player(into, r);
  };
  const onKey = (e: KeyboardEvent) => {
    if (!current || (e.target instanceof Element && e.target.closest("input, textarea, select"))) return;
    if (e.key === "ArrowLeft") current.step(-1);
    if (e.key === "ArrowRight") current.step(1);
  };
  document.addEventListener("keydown", onKey);
  const box = h("div", { class: "replay" });
  main.append(h("h1", null, t("replay.lab")), h("p", null, h("a", { href: "/replay" }, t("replay.mine"))), box);
  {
    const area = h("textarea", { id: "record", rows: 6, cols: 60, "aria-label": t("replay.paste"), placeholder: '{"game":"seidr","options":{},"actions":["c2c4","2","8"]}' });
    const file = h("input", { type: "file", accept: ".jsonl,.json,.txt", "aria-label": t("replay.file") });
    const err = h("div", { class: "error", role: "alert" });
    const lines = h("div", { class: "record-lines" });
    const out = h("div");
    file.addEventListener("change", async () => {
      const f = file.files?.[0];
      if (f) area.value = await f.text();
      load();
    });
    const load = () => {
      clear(err);
      clear(lines);
      const recs = area.value.split("\n").map((l) => l.trim()).filter(Boolean);
      if (recs.length === 0) return;
      const parsed: Record<string, unknown>[] = [];
      for (const l of recs) {
        try {
          parsed.push(JSON.parse(l));
        } catch (e) {
          err.textContent = t("replay.badline", { line: l.slice(0, 40) });
          return;
        }
      }
      const open = async (rec: Record<string, unknown>) => {
        current?.stop();
        try {
          const actions = (rec.actions ?? rec.moves ?? rec.history ?? []) as unknown;
          const list = typeof actions === "string" ? actions.split(/\s+/) : (actions as string[]);
          const r = await api.replay({ game: String(rec.game), options: (rec.options as Record<string, string>) ?? {}, position: (rec.start ?? rec.position) as string | undefined, actions: list });
          show(out, r);
        } catch (e) {
          err.textContent = problem(e);
        }
      };
      if (parsed.length > 1) {
        lines.append(
          h("label", null, t("replay.choose"), " ", h("select", { onchange: (e: Event) => open(parsed[Number((e.target as HTMLSelectElement).value)]) }, parsed.map((p, i) => h("option", { value: String(i) }, `${i + 1}. ${has("game." + String(p.game)) ? t("game." + String(p.game)) : String(p.game ?? "?")} ${p.variant ? "[" + String(p.variant) + "] " : ""}${statusText(String(p.status ?? ""), `(${String(p.reason ?? "")})`, false, String(p.game ?? ""))}`)))),
        );
      }
      open(parsed[0]);
    };
    clear(box, h("p", null, t("replay.help")), h("div", { class: "field" }, file), area, h("div", null, h("button", { type: "button", class: "primary", id: "load-record", onclick: load }, t("replay.load"))), err, lines, out);
  }
  return () => {
    closed = true;
    current?.stop();
    current = null;
    document.removeEventListener("keydown", onKey);
  };
}

/** ReplayPlayer is a replay drawn with its controls. */
interface ReplayPlayer {
  /** step moves d plies forward (backward when negative). */
  step(d: number): void;
  /** stop stops the autoplay, if it runs. */
  stop(): void;
}

/** player draws a replay with its controls into box. */
function player(box: HTMLElement, r: Replay): ReplayPlayer {
  const board = makeBoard(r.game);
  let at = r.plies.length;
  let auto: number | undefined;
  const slider = h("input", { type: "range", min: 0, max: r.plies.length, value: at, "aria-label": t("replay.jump"), id: "replay-slider" });
  const label = h("span", { id: "replay-at" });
  const moves = h("ol", { class: "moves", id: "moves" });
  const o = outcome(r.status, r.result);
  const hist = (n: number) => r.plies.slice(0, n).flatMap((p) => [p.action, ...(p.auto ?? [])]);
  const draw = (animate: boolean) => {
    const pos = at === 0 ? r.start : r.plies[at - 1].position;
    const toMove = at === 0 ? r.start_to_move : r.plies[at - 1].to_move;
    board.update(
      { game: r.game, position: pos, legal: [], history: hist(at), toMove: toMove === "chance" ? -1 : r.players.indexOf(toMove), players: r.players, over: at === r.plies.length && !!o, reason: o?.reason, viewer: -1 },
      animate,
    );
    (slider as HTMLInputElement).value = String(at);
    label.textContent = t("replay.at", { n: at, total: r.plies.length });
    moves.querySelectorAll("li").forEach((li, i) => li.classList.toggle("current", i === at - 1));
  };
  const step = (d: number) => {
    at = Math.max(0, Math.min(r.plies.length, at + d));
    draw(Math.abs(d) === 1);
  };
  slider.addEventListener("input", () => {
    at = Number((slider as HTMLInputElement).value);
    draw(false);
  });
  const stop = () => {
    if (auto !== undefined) clearInterval(auto);
    auto = undefined;
    play.textContent = t("replay.autoplay");
  };
  const play = h("button", { type: "button", id: "autoplay", onclick: () => {
    if (auto !== undefined) {
      stop();
      return;
    }
    if (at >= r.plies.length) at = 0;
    play.textContent = t("replay.pause");
    auto = window.setInterval(() => {
      if (at >= r.plies.length) stop();
      else step(1);
    }, 700);
  } }, t("replay.autoplay"));
  r.plies.forEach((p, i) => {
    moves.append(
      h("li", { class: p.player === "chance" ? "roll" : "", "data-ply": i, tabindex: 0, onclick: () => {
        at = i + 1;
        draw(false);
      } }, p.player === "chance" ? [t("game.roll") + ": ", sayPly(r.game, r.plies, r.start, i).text] : [playerLabel(p.player) + ": ", p.san ? sanText(p.san) : p.action]),
    );
  });
  const gi = info(r.game);
  clear(
    box,
    h("h2", null, t(gi?.title ?? "game." + r.game)),
    o ? h("div", { class: "banner", id: "result" }, resultText(o), reasonShown(o, r.game) ? h("span", { class: "reason" }, " — " + reasonShown(o, r.game)) : null) : null,
    r.error ? h("p", { class: "error", id: "replay-error" }, t("replay.stopped", { n: r.plies.length + 1 })) : null,
    h(
      "div",
      { class: "game-page" },
      h(
        "div",
        { class: "game-main" },
        board.el,
        h(
          "div",
          { class: "replay-controls" },
          h("button", { type: "button", id: "first", "aria-label": t("replay.first"), onclick: () => step(-1e9) }, "|◀"),
          h("button", { type: "button", id: "back", "aria-label": t("replay.back"), onclick: () => step(-1) }, "◀"),
          play,
          h("button", { type: "button", id: "forward", "aria-label": t("replay.forward"), onclick: () => step(1) }, "▶"),
          h("button", { type: "button", id: "last", "aria-label": t("replay.last"), onclick: () => step(1e9) }, "▶|"),
          slider,
          label,
        ),
      ),
      h("aside", { class: "game-aside" }, h("section", { class: "panel" }, h("h2", null, t("game.moves")), moves)),
    ),
  );
  draw(false);
  return { step, stop };
}

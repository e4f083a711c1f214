// The home page: the games with a picture, a line and their options, each
// with a button that opens lichess's dialog against the computer (level,
// clock, then the colour, which starts the game) and a link
// to the other ways to play (the create page); the games waiting for
// players (with a Join button per public open seat: at once in a game
// without dice, through the join step in a game with dice) and those in
// progress.
// First of all, "My games": the games this browser holds seats in, those
// waiting for its move first, then the others under way, then the last
// finished ones; each with your colour, the opponents, whose turn (or
// "waiting for an opponent"), the clocks, and a finished game's result
// from your side.

import { h, clear } from "../dom";
import { t } from "../i18n";
import { accountApi, api, peopleText, seats, CatalogGame, GameView, Summary } from "../api";
import { me } from "../session";
import { gameInfo, info, GameInfo, makeBoard } from "../games";
import { go } from "../nav";
import { aiLevels, clockPresets, computerGame, defaultLevel, defaultOptions, nameField, seatNames, speedLabel, speedOf, startGame, storedName, customClock } from "../newgame";
import { invitePath } from "./waiting";
import { seekSection } from "./seeks";
import { clockText, levelLabel, optionLabel, optionTitle, optionValueLabel, outcome, playerLabel, reasonLabel, seatLabel, statusText, yourTurn } from "./common";

export function lobbyPage(main: HTMLElement): () => void {
  document.title = "Norns — " + t("lobby.title");
  const cards = h("div", { class: "games" });
  const waiting = h("div", null, h("p", { class: "muted" }, t("common.loading")));
  const live = h("div", null, h("p", { class: "muted" }, t("common.loading")));
  const finished = h("div", null, h("p", { class: "muted" }, t("common.loading")));
  const mineList = h("div", { id: "my-games-list" });
  const mineBox = h("section", { id: "my-games", hidden: true }, h("h2", null, t("lobby.mine")), mineList);
  const catalog = api.catalog();
  const strangers = seekSection(catalog);
  main.append(
    h("h1", null, t("lobby.title")),
    h("p", { class: "muted" }, t("lobby.intro")),
    mineBox,
    nameField().el,
    strangers.el,
    cards,
    h("h2", null, t("lobby.open")),
    waiting,
    h("h2", null, t("lobby.live")),
    live,
    h("h2", null, t("lobby.finished")),
    finished,
  );
  let stop = false;
  // card is a game's card in the lobby: its picture, title, options and
  // ways to play.
  const card = (g: GameInfo, c: CatalogGame | undefined, ruleSets: HTMLElement | null): HTMLElement => {
    // A picture: its board takes no focus (inert) and is not read out.
    const thumb = h("div", { class: "thumb", "aria-hidden": "true", inert: true });
    const board = makeBoard(g.name);
    board.update({ game: g.name, position: g.start, legal: [], history: [], toMove: 0, players: c?.players ?? [], over: false, viewer: -1 }, false);
    const svg = board.el.querySelector("svg.board");
    if (svg) thumb.append(svg);
    // The options by their short label in the reader's language (the
    // whole label when hovered), with their values when there are few.
    const opts = (c?.options ?? [])
      .filter((o) => o.name !== "max-turns")
      .map((o) => {
        const vs = o.values.filter((v) => v !== "<n>");
        const text = vs.length > 1 && vs.length <= 4 ? `${optionTitle(o.name, o.help)} (${vs.map(optionValueLabel).join(" / ")})` : optionTitle(o.name, o.help);
        return h("span", { class: "opt", "data-option": o.name, title: optionLabel(o.name, o.help) }, text);
      });
    const title = t(g.title);
    const err = h("div", { class: "error", role: "alert", hidden: true });
    const playAI: HTMLButtonElement = h(
      "button",
      { type: "button", class: "primary play-ai", "data-play-ai": g.name, "aria-label": t("lobby.playai.label", { game: title }) },
      t("lobby.playai"),
    );
    playAI.addEventListener("click", () => computerDialog(g.name, title, c, playAI, err));
    return h(
      "section",
      { class: "game-card", "data-game": g.name },
      ruleSets,
      thumb,
      h("h3", null, title),
      h("p", null, t(g.desc)),
      opts.length ? h("div", { class: "opts" }, t("lobby.options"), ": ", opts.flatMap((o, i) => (i ? [", ", o] : [o]))) : null,
      h(
        "div",
        { class: "actions" },
        playAI,
        h("a", { href: `/new/${g.name}`, class: "button", "data-new": g.name, "aria-label": t("lobby.more.label", { game: title }), title: t("lobby.more.label", { game: title }) }, t("lobby.more")),
        g.rules ? h("a", { href: `/rules/${g.name}`, class: "button", "aria-label": t("lobby.rules.label", { game: title }) }, t("nav.rules")) : null,
      ),
      err,
    );
  };
  const draw = (catalog: CatalogGame[]) => {
    clear(cards);
    const offered = gameInfo.filter((g) => catalog.length === 0 || catalog.some((x) => x.name === g.name));
    // The tafl games share one card with a choice of rule set, Sea
    // Hnefatafl (the first) chosen.
    const tafl = offered.filter((g) => g.board === "tafl");
    for (const g of offered) {
      const c = catalog.find((x) => x.name === g.name);
      if (g.board !== "tafl" || tafl.length < 2) {
        cards.append(card(g, c, null));
      } else if (g === tafl[0]) {
        cards.append(taflCard(tafl, catalog, g.name));
      }
    }
  };
  // taflCard is the tafl games' card showing the rule set chosen.
  const taflCard = (tafl: GameInfo[], catalog: CatalogGame[], chosen: string): HTMLElement => {
    const select = h(
      "select",
      { class: "rule-set", "aria-label": t("lobby.ruleset") },
      tafl.map((g) => h("option", { value: g.name, selected: g.name === chosen }, t(g.title))),
    ) as HTMLSelectElement;
    const ruleSets = h("label", { class: "rule-sets" }, t("lobby.ruleset"), " ", select);
    const g = tafl.find((x) => x.name === chosen) ?? tafl[0];
    const el = card(g, catalog.find((x) => x.name === g.name), ruleSets);
    select.addEventListener("change", () => {
      const next = taflCard(tafl, catalog, select.value);
      el.replaceWith(next);
      next.querySelector<HTMLSelectElement>("select.rule-set")?.focus();
    });
    return el;
  };
  // computerDialog asks, as lichess's dialog does, the computer's level
  // (medium first), the clock (none first) and the visitor's colour, whose
  // buttons start the game (random in the middle, as lichess's).
  const computerDialog = async (game: string, title: string, c: CatalogGame | undefined, button: HTMLButtonElement, err: HTMLElement) => {
    err.hidden = true;
    let cat = c;
    if (!cat) {
      cat = (await api.catalog().catch(() => [])).find((x) => x.name === game);
      if (!cat) {
        err.textContent = t("create.unknown");
        err.hidden = false;
        return;
      }
    }
    const cg = cat;
    const level = h("select", { id: "play-ai-level" }, aiLevels(cg).map((l) => h("option", { value: l, selected: l === defaultLevel(cg) }, levelLabel(l))));
    const presets = clockPresets.filter((p) => p.id !== customClock);
    const clock = h("select", { id: "play-ai-clock" }, presets.map((p) => h("option", { value: p.id, selected: p.id === "none" }, p.clock ? ("days_per_move" in p.clock ? t("create.clock.days", { n: p.clock.days_per_move }) : `${p.id} (${speedLabel(speedOf(p.clock))})`) : t("create.clock.none"))));
    const speed = h("span", { id: "play-ai-speed", class: "speed" });
    const chosen = () => presets.find((p) => p.id === clock.value)?.clock;
    const showSpeed = () => {
      const s = speedOf(chosen());
      speed.dataset.speed = s;
      speed.textContent = t("create.speed", { speed: speedLabel(s) });
    };
    clock.addEventListener("change", showSpeed);
    showSpeed();
    const fail = h("div", { class: "error", role: "alert", hidden: true });
    const players = seatNames(cg, defaultOptions(cg));
    const colors: [string, number | "random"][] = [[players[0], 0], ["random", "random"], ...players.slice(1).map((p, i): [string, number] => [p, i + 1])];
    const dialog: HTMLDialogElement = h("dialog", { class: "play-ai-dialog", "data-game": game, "aria-labelledby": "play-ai-title" });
    const start = async (me: number | "random", b: HTMLButtonElement) => {
      for (const x of dialog.querySelectorAll("button")) x.disabled = true;
      b.setAttribute("aria-busy", "true");
      button.disabled = true;
      fail.hidden = true;
      try {
        const { id } = await startGame(cg, computerGame(cg, level.value, me, chosen()));
        dialog.close();
        go(`/games/${id}`);
      } catch (e) {
        fail.textContent = peopleText(e);
        fail.hidden = false;
        for (const x of dialog.querySelectorAll("button")) x.disabled = false;
        b.removeAttribute("aria-busy");
        button.disabled = false;
      }
    };
    const colorButtons = colors.map(([p, me]) => {
      const b: HTMLButtonElement = h("button", { type: "button", class: me === "random" ? "primary" : "", "data-color": p }, p === "random" ? t("create.color.random") : playerLabel(p));
      b.addEventListener("click", () => start(me, b));
      return b;
    });
    const cancel = h("button", { type: "button", class: "cancel", onclick: () => dialog.close() }, t("lobby.playai.cancel"));
    dialog.append(
      h("h2", { id: "play-ai-title" }, t("lobby.playai.title", { game: title })),
      h("div", { class: "field" }, h("label", { for: "play-ai-level" }, t("create.level")), level),
      h("div", { class: "field" }, h("label", { for: "play-ai-clock" }, t("create.clock.label")), clock, speed),
      h("div", { class: "field colors", role: "group", "aria-labelledby": "play-ai-colors" }, h("span", { id: "play-ai-colors" }, t("lobby.playai.color")), h("div", { class: "color-buttons" }, colorButtons)),
      h("div", null, cancel),
      fail,
    );
    dialog.addEventListener("close", () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
    colorButtons[1].focus();
  };
  draw([]);
  catalog.then(draw, () => {});
  // join takes a public open seat and opens the game as that seat; in a
  // game with dice it opens the join step (join.ts), where the player may
  // type a dice seed before the first roll.
  const join = async (g: Summary, player: string, invite: string, button: HTMLButtonElement) => {
    if (info(g.game)?.dice) {
      go(invitePath(g.id, player, invite));
      return;
    }
    button.disabled = true;
    try {
      const r = await api.join(g.id, player, invite, storedName());
      seats.add(g.id, r.player, r.token);
      go(`/games/${g.id}`);
    } catch (e) {
      button.replaceWith(h("span", { class: "error" }, peopleText(e)));
    }
  };
  // joinButtons offers the public open seats of a game, unless this
  // browser holds a seat of it already.
  const joinButtons = (g: Summary) =>
    Object.keys(seats.all(g.id)).length
      ? []
      : g.seats
          .filter((s) => s.kind === "open" && s.public && s.invite)
          .map((s) => {
            const b: HTMLButtonElement = h("button", { type: "button", class: "primary join", "data-join": s.player, "data-game": g.id }, t("lobby.join", { player: playerLabel(s.player) }));
            b.addEventListener("click", () => join(g, s.player, s.invite!, b));
            return b;
          });
  const table = (games: Summary[], empty: string, watch: boolean) => {
    if (games.length === 0) return h("p", { class: "muted" }, t(empty));
    return h(
      "table",
      { class: "list" },
      h("thead", null, h("tr", null, h("th", null, t("lobby.game")), h("th", null, t("lobby.players")), h("th", null, t("lobby.state")), h("th", null, ""))),
      h(
        "tbody",
        null,
        games.map((g) =>
          h(
            "tr",
            null,
            h("td", null, t("game." + g.game), g.speed ? h("span", { class: "speed muted", "data-speed": g.speed }, ` · ${speedLabel(g.speed)}`) : null),
            // A hot-seat game is one device's, not "player vs player".
            h("td", { "data-hot-seat": g.hot_seat ? "true" : null }, g.hot_seat ? t("lobby.hotseat") : g.seats.map((s) => `${playerLabel(s.player)}: ${seatLabel(s)}`).join(", ")),
            // Every seat taken and still waiting: the dice seeds are due.
            h("td", null, yourResult(g) ?? statusText(g.status, g.result, !g.seats.some((s) => s.kind === "open"))),
            h("td", { class: "actions" }, joinButtons(g), " ", h("a", { href: watch ? `/games/${g.id}` : `/replay/${g.id}` }, t(watch ? "lobby.watch" : "lobby.replay"))),
          ),
        ),
      ),
    );
  };
  // drawMine shows the games this browser holds seats in: its turn first,
  // then the other unfinished ones, then at most five finished, the newest
  // first in each; the section is hidden when there are none.
  const drawMine = async () => {
    // A signed-in player's games from any device, beside this browser's.
    const theirs = me ? (await accountApi.games().catch(() => [])).map((g) => g.id) : [];
    const views = await Promise.all([...new Set([...heldGames(), ...theirs])].slice(0, 40).map((id) => api.get(id).catch(() => null)));
    if (stop) return;
    const held = views.filter((v): v is GameView => !!v);
    const turn = (v: GameView) => yourTurn(v, seats.all(v.id));
    const newest = (a: GameView, b: GameView) => b.created.localeCompare(a.created);
    const open = held.filter((v) => !v.finished).sort((a, b) => Number(turn(b)) - Number(turn(a)) || newest(a, b));
    open.push(...held.filter((v) => v.finished).sort(newest).slice(0, 5));
    mineBox.hidden = open.length === 0;
    clear(
      mineList,
      open.length
        ? h(
            "ul",
            { class: "my-games" },
            open.map((v) =>
              h(
                "li",
                { "data-game": v.id, class: turn(v) ? "your-turn" : "" },
                miniBoard(v),
                h("a", { href: `/${v.finished ? "replay" : "games"}/${v.id}` }, t("game." + v.game)),
                " — ",
                mineState(v, turn(v)),
                ...mineDetails(v),
              ),
            ),
          )
        : null,
    );
  };
  const refresh = () => {
    drawMine().catch(() => {});
    api.list("live").then(
      (gs) => {
        clear(waiting, table(gs.filter((g) => g.seats.some((s) => s.kind === "open")), "lobby.none", true));
        clear(live, table(gs.filter((g) => !g.seats.some((s) => s.kind === "open")), "lobby.none", true));
      },
      (e) => clear(live, h("p", { class: "error" }, peopleText(e))),
    );
    api.list("finished", 15).then((gs) => clear(finished, table(gs, "lobby.none", false)), () => clear(finished));
  };
  refresh();
  const timer = setInterval(() => !stop && refresh(), 10000);
  return () => {
    stop = true;
    clearInterval(timer);
    strangers.stop();
  };
}

/** heldGames are the ids of the games this browser holds a seat of (the
 * seat tokens kept per game), at most 30. */
function heldGames(): string[] {
  return seats.games(30);
}

/** mineState is a held game's state from your side: your turn, waiting
 * for an opponent, whose turn, or the result as you won or lost. */
function mineState(v: GameView, turn: boolean): HTMLElement | string {
  if (turn) return h("strong", { class: "mine-state" }, t("lobby.mine.turn"));
  if (!v.finished && v.seats.some((s) => s.kind === "open")) return h("span", { class: "mine-state" }, t("lobby.mine.waiting"));
  const yours = yourResult(v);
  if (yours) return h("span", { class: "mine-state" }, yours);
  return h("span", { class: "mine-state" }, statusText(v.status, v.result, !!v.awaiting_seeds?.length));
}

/** mineDetails are a held game's colour, opponents and clocks. */
function mineDetails(v: GameView): (HTMLElement | string)[] {
  const mine = Object.keys(seats.all(v.id));
  const others = v.seats.filter((s) => !mine.includes(s.player) && s.kind !== "open");
  const out: (HTMLElement | string)[] = [];
  if (mine.length && mine.length < v.seats.length) out.push(" · ", h("span", { class: "mine-colour" }, t("lobby.mine.you", { player: mine.map(playerLabel).join(", ") })));
  if (others.length) out.push(" · ", h("span", { class: "mine-opponents" }, t("lobby.mine.vs", { names: others.map(seatLabel).join(", ") })));
  const c = v.clock;
  if (c) {
    const days = !!c.days_per_move;
    const times = v.seats.map((s) => `${playerLabel(s.player)} ${clockText(c.remaining_ms[s.player] ?? 0, days)}`);
    out.push(" · ", h("span", { class: "mine-clocks" }, times.join(" – ")));
  }
  return out;
}

/** miniBoard is a held game's position as a small picture, from the side
 * of your first seat. */
function miniBoard(v: GameView): HTMLElement {
  const box = h("div", { class: "mini-board", "aria-hidden": "true", inert: true });
  const players = v.seats.map((s) => s.player);
  const viewer = players.indexOf(Object.keys(seats.all(v.id))[0] ?? "");
  const board = makeBoard(v.game);
  board.update({ game: v.game, position: v.position, legal: [], history: [], toMove: 0, players, over: v.finished, viewer }, false);
  const svg = board.el.querySelector("svg.board");
  if (svg) box.append(svg);
  return box;
}

/** yourResult is a finished game's result from your side, for a game this
 * browser held a seat of and that somebody won: "you won" or "you lost"
 * with the reason; null otherwise. */
function yourResult(g: { id: string; status: string; result: string; finished: boolean }): string | null {
  const mine = Object.keys(seats.all(g.id));
  const o = outcome(g.status, g.result);
  if (!g.finished || !o || o.kind !== "win" || !mine.length) return null;
  const won = mine.some((p) => o.winners.includes(p));
  return t(won ? "lobby.mine.won" : "lobby.mine.lost") + (o.reason ? ` (${reasonLabel(o.reason)})` : "");
}

// The lobby's games with strangers, as lichess's: quick pairing (a button
// per time control puts the player in the pool of the game chosen and
// that clock; the server pairs the pool by rating) and the list of seeks,
// live over the lobby's feed, each with an Accept button; a player's own
// seek waits while the page is open, with a Cancel button. When a seek
// or a place in a pool is matched, both players' pages go to the game.

import { api, peopleText, seats, CatalogGame, ClockRequest } from "../api";
import { h, clear } from "../dom";
import { t } from "../i18n";
import { go } from "../nav";
import { defaultOptions, fischerPresets, fischer, seatNames, speedLabel, speedOf, storedName } from "../newgame";
import { playerLabel } from "./common";
import { me } from "../session";
import type { ErrorBody, Seek } from "../wire";

/** LobbyMessage is a message of the lobby's feed (wire.SeeksMessage,
 * wire.HoldMessage, wire.MatchedMessage, wire.ErrorMessage). */
interface LobbyMessage {
  type: string;
  seeks?: Seek[];
  id?: string;
  game?: string;
  player?: string;
  error?: ErrorBody;
}

/** Wanted is a game and its options a player may seek. */
interface Wanted {
  id: string;
  game: string;
  options: Record<string, string>;
  label: string;
  players: string[];
}

/** wanted lists the games of the catalog, Nords Loki for three too. */
function wanted(catalog: CatalogGame[]): Wanted[] {
  const out: Wanted[] = [];
  for (const c of catalog) {
    out.push({ id: c.name, game: c.name, options: {}, label: t("game." + c.name), players: seatNames(c, defaultOptions(c)) });
    if (c.options.some((o) => o.name === "players" && o.values.includes("3"))) {
      out.push({ id: c.name + "-3", game: c.name, options: { players: "3" }, label: t("seeks.three", { game: t("game." + c.name) }), players: seatNames(c, { players: "3" }) });
    }
  }
  return out;
}

/** clockText names a clock: "3+2" or "3 days". */
function clockName(c: { initial_ms?: number; increment_ms?: number; days_per_move?: number }): string {
  if (c.days_per_move) return t("create.clock.days", { n: c.days_per_move });
  return `${(c.initial_ms ?? 0) / 60000}+${(c.increment_ms ?? 0) / 1000}`;
}

/** Mine is a seek this page posted: its id and its seat token. */
interface Mine {
  id: string;
  token: string;
  pool: boolean;
  what: string;
}

/** seekSection builds the lobby's section of games with strangers; stop
 * closes its feed (which withdraws the seeks it posted). */
export function seekSection(catalog: Promise<CatalogGame[]>): { el: HTMLElement; stop: () => void } {
  const gameSelect = h("select", { id: "seek-game", "aria-label": t("seeks.game") }) as HTMLSelectElement;
  const pairing = h("div", { class: "quick-pairing", role: "group", "aria-label": t("seeks.quick") });
  const clockSelect = h(
    "select",
    { id: "seek-clock" },
    [...fischerPresets.map(([m, i]) => `${m}+${i}`), "corr-1", "corr-3"].map((id) => h("option", { value: id, selected: id === "5+3" }, id.startsWith("corr-") ? t("create.clock.days", { n: Number(id.slice(5)) }) : id)),
  ) as HTMLSelectElement;
  const colorSelect = h("select", { id: "seek-color" }) as HTMLSelectElement;
  const create: HTMLButtonElement = h("button", { type: "button", id: "seek-create" }, t("seeks.create"));
  // A signed-in player's games with strangers are rated, as lichess's
  // (a box for the seek; the pools follow it).
  const rated = h("input", { type: "checkbox", id: "seek-rated", checked: true }) as HTMLInputElement;
  const ratedBox = h("label", { class: "seek-rated", hidden: !me }, rated, " ", t("seeks.rated"));
  const waiting = h("div", { class: "seek-waiting", role: "status", "aria-live": "polite" });
  const err = h("div", { class: "error", role: "alert", hidden: true });
  const list = h("div", { id: "seek-list" }, h("p", { class: "muted" }, t("common.loading")));
  const el = h(
    "section",
    { id: "strangers" },
    h("h2", null, t("seeks.title")),
    h("div", { class: "field" }, h("label", { for: "seek-game" }, t("seeks.game")), gameSelect),
    h("p", { class: "muted" }, t("seeks.quick.intro")),
    pairing,
    h(
      "div",
      { class: "seek-form" },
      h("label", { for: "seek-clock" }, t("seeks.clock")),
      " ",
      clockSelect,
      " ",
      h("label", { for: "seek-color" }, t("seeks.color")),
      " ",
      colorSelect,
      " ",
      ratedBox,
      " ",
      create,
    ),
    waiting,
    err,
    h("h3", null, t("seeks.list")),
    list,
  );
  let games: Wanted[] = [];
  const mine: Mine[] = [];
  let seeks: Seek[] = [];
  let stopped = false;
  let ws: WebSocket | null = null;
  const chosen = (): Wanted | undefined => games.find((g) => g.id === gameSelect.value);
  const fail = (e: unknown) => {
    err.textContent = peopleText(e);
    err.hidden = false;
  };
  const drawWaiting = () => {
    clear(
      waiting,
      mine.map((m) =>
        h(
          "p",
          { class: "seek-mine", "data-seek": m.id },
          t(m.pool ? "seeks.searching" : "seeks.posted", { what: m.what }),
          " ",
          h("button", { type: "button", class: "seek-cancel", onclick: () => cancel(m) }, t("seeks.cancel")),
        ),
      ),
    );
  };
  const drawList = () => {
    const others = seeks.filter((k) => !mine.some((m) => m.id === k.id));
    if (!others.length) {
      clear(list, h("p", { class: "muted" }, t("seeks.none")));
      return;
    }
    clear(
      list,
      h(
        "table",
        { class: "list seeks" },
        h("thead", null, h("tr", null, h("th", null, t("lobby.players")), h("th", null, t("lobby.game")), h("th", null, t("seeks.clock")), h("th", null, t("seeks.color")), h("th", null, ""))),
        h(
          "tbody",
          null,
          others.map((k) => {
            const b: HTMLButtonElement = h("button", { type: "button", class: "primary seek-accept", "data-seek": k.id }, t("seeks.accept"));
            b.addEventListener("click", () => accept(k, b));
            return h(
              "tr",
              { "data-seek": k.id },
              h("td", null, `${k.name || t("seeks.anonymous")} (${k.rating})`, k.rated ? h("span", { class: "muted seek-kind" }, ` · ${t("seeks.rated")}`) : null),
              h("td", null, k.options.players === "3" ? t("seeks.three", { game: t("game." + k.game) }) : t("game." + k.game)),
              h("td", null, clockName(k.clock), h("span", { class: "speed muted", "data-speed": k.speed }, ` · ${speedLabel(k.speed)}`)),
              // The colour the one who accepts gets.
              h("td", null, k.color === "random" ? t("create.color.random") : playerLabel(otherSeat(k))),
              h("td", { class: "actions" }, b),
            );
          }),
        ),
      ),
    );
  };
  const hold = (m: Mine) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(api.wsHold(m.id, m.token));
  };
  const post = async (pool: boolean, clock: ClockRequest, button: HTMLButtonElement) => {
    const g = chosen();
    if (!g) return;
    err.hidden = true;
    button.disabled = true;
    try {
      const full = "days_per_move" in clock ? { initial_ms: 0, increment_ms: 0, days_per_move: clock.days_per_move } : clock;
      const r = await api.seek({ game: g.game, options: g.options, clock: full, pool, rated: !!me && rated.checked, color: pool ? undefined : colorSelect.value, name: storedName() });
      const m = { id: r.id, token: r.token, pool, what: `${g.label} ${clockName(clock)}` };
      mine.push(m);
      hold(m);
      drawWaiting();
      drawList();
    } catch (e) {
      fail(e);
    } finally {
      button.disabled = false;
    }
  };
  const cancel = async (m: Mine) => {
    mine.splice(mine.indexOf(m), 1);
    drawWaiting();
    drawList();
    await api.cancelSeek(m.id, m.token).catch(() => {});
  };
  const accept = async (k: Seek, b: HTMLButtonElement) => {
    b.disabled = true;
    err.hidden = true;
    try {
      const r = await api.accept(k.id, storedName());
      seats.add(r.id, r.player, r.token);
      go(`/games/${r.id}`);
    } catch (e) {
      fail(e);
      b.disabled = false;
    }
  };
  const matched = (id: string, game: string, player: string) => {
    const m = mine.find((x) => x.id === id);
    if (!m) return;
    seats.add(game, player, m.token);
    mine.splice(mine.indexOf(m), 1);
    go(`/games/${game}`);
  };
  // otherSeat is the seat of the one who accepts seek k, its poster's
  // colour being chosen.
  const otherSeat = (k: Seek): string => games.find((g) => g.game === k.game)?.players.find((p) => p !== k.color) ?? "";
  // drawColors offers the colours of the game chosen, random first.
  const drawColors = () => {
    const g = chosen();
    clear(colorSelect, ["random", ...(g && g.players.length === 2 ? g.players : [])].map((c) => h("option", { value: c }, c === "random" ? t("create.color.random") : playerLabel(c))));
    create.disabled = !g || g.players.length !== 2;
  };
  gameSelect.addEventListener("change", drawColors);
  const drawPairing = () => {
    clear(
      pairing,
      fischerPresets.map(([min, inc]) => {
        const clock = fischer(min, inc);
        const b: HTMLButtonElement = h(
          "button",
          { type: "button", class: "pool", "data-pool": `${min}+${inc}` },
          h("strong", null, `${min}+${inc}`),
          h("span", { class: "muted" }, " " + speedLabel(speedOf(clock))),
        );
        b.addEventListener("click", () => post(true, clock, b));
        return b;
      }),
    );
  };
  create.addEventListener("click", () => {
    const v = clockSelect.value;
    const clock: ClockRequest = v.startsWith("corr-") ? { days_per_move: Number(v.slice(5)) } : fischer(Number(v.split("+")[0]), Number(v.split("+")[1]));
    post(false, clock, create);
  });
  let retry = 0;
  const connect = () => {
    if (stopped) return;
    const sock = new WebSocket(api.lobbyURL());
    ws = sock;
    sock.onopen = () => {
      retry = 0;
      for (const m of mine) hold(m);
    };
    sock.onmessage = (ev) => {
      const msg = JSON.parse(ev.data) as LobbyMessage;
      if (msg.type === "seeks") {
        seeks = msg.seeks ?? [];
        drawList();
      } else if (msg.type === "matched" && msg.id && msg.game && msg.player) {
        matched(msg.id, msg.game, msg.player);
      } else if (msg.type === "error" && msg.error) {
        fail(new Error(msg.error.message));
      }
    };
    sock.onclose = () => {
      if (stopped) return;
      setTimeout(connect, Math.min(10000, 1000 * 2 ** retry++));
    };
  };
  catalog.then((cat) => {
    ratedBox.hidden = !me;
    games = wanted(cat);
    clear(
      gameSelect,
      games.map((g) => h("option", { value: g.id }, g.label)),
    );
    drawColors();
    drawPairing();
    connect();
  }, fail);
  return {
    el,
    stop: () => {
      stopped = true;
      ws?.close();
    },
  };
}

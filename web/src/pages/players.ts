// A player's page (/@/{name}, as lichess's): the ratings per game and
// speed class with their provisional marks, a rating-history graph per
// key drawn here as SVG, wins, draws and losses, and the games, each
// opening the game (or its replay, once over). The leaderboard page
// (/leaderboard): the best players of a game and speed class.

import { h, s, clear } from "../dom";
import { lang, t } from "../i18n";
import { peopleText, playersApi, PlayerGame, PlayerRating, RatingPoint } from "../api";
import { speedLabel } from "../newgame";
import { playerLabel } from "./common";

/** ruleSets are the rating keys' rule sets, in package rating's order. */
const ruleSets = ["chess", "luxumbra", "samurai", "seidr", "seatafl", "copenhagen", "fetlar", "brandubh", "tablut", "nordsloki2", "nordsloki3"];
const speeds = ["bullet", "blitz", "rapid", "classical", "correspondence"];

/** ruleSetLabel names a rule set in the reader's language. */
export function ruleSetLabel(r: string): string {
  const nords: Record<string, string> = { nordsloki2: "ruleset.nordsloki2", nordsloki3: "ruleset.nordsloki3" };
  return nords[r] ? t(nords[r]) : t("game." + r);
}

/** keyLabel names a rating key: "Chess · Blitz". */
function keyLabel(key: string): string {
  const [r, sp] = key.split("/");
  return `${ruleSetLabel(r)} · ${speedLabel(sp)}`;
}

function date(iso: string): string {
  return new Date(iso).toLocaleDateString(lang, { year: "numeric", month: "short", day: "numeric" });
}

/** clockLabel writes a game's clock as lichess does: "3+2", "2 days". */
function clockLabel(g: PlayerGame): string {
  const c = g.clock;
  if (!c) return t("create.clock.none");
  if (c.days_per_move) return t("create.clock.days", { n: c.days_per_move });
  return `${(c.initial_ms ?? 0) / 60000}+${(c.increment_ms ?? 0) / 1000}`;
}

/** playerPage is the page of the player name. */
export function playerPage(main: HTMLElement, name: string): () => void {
  let live = true;
  document.title = `${name} — Norns`;
  const err = h("p", { class: "error", role: "alert" });
  main.append(h("h1", { id: "player-name" }, name), err);
  playersApi.get(name).then(
    (p) => {
      if (!live) return;
      document.title = `${p.name} — Norns`;
      clear(main, h("h1", { id: "player-name" }, p.name));
      main.append(
        h("p", { class: "record", id: "player-record" },
          h("span", { "data-wins": String(p.wins) }, t("profile.wins", { n: p.wins })), " · ",
          h("span", { "data-draws": String(p.draws) }, t("profile.draws", { n: p.draws })), " · ",
          h("span", { "data-losses": String(p.losses) }, t("profile.losses", { n: p.losses })),
        ),
      );
      const graph = h("div", { class: "rating-graph", id: "rating-graph" });
      const ratings = p.ratings ?? [];
      if (ratings.length) {
        main.append(h("h2", null, t("profile.ratings")), ratingsTable(ratings, (key) => showGraph(graph, p.name, key)), graph);
        showGraph(graph, p.name, ratings[0].key);
      } else main.append(h("p", { class: "muted" }, t("profile.unrated")));
      main.append(h("h2", null, t("profile.games")), gamesList(p.games ?? []));
    },
    (x) => {
      if (live) err.textContent = peopleText(x);
    },
  );
  return () => {
    live = false;
  };
}

function ratingsTable(rs: PlayerRating[], pick: (key: string) => void): HTMLElement {
  return h(
    "ul",
    { class: "ratings", id: "player-ratings" },
    rs.map((r) =>
      h(
        "li",
        { "data-key": r.key, "data-rating": String(r.rating), "data-provisional": String(!!r.provisional) },
        h("button", { type: "button", class: "link", onclick: () => pick(r.key) }, keyLabel(r.key)),
        " ",
        h("strong", null, `${r.rating}${r.provisional ? "?" : ""}`),
        " ",
        h("small", { class: "muted" }, t("profile.rated-games", { n: r.games })),
      ),
    ),
  );
}

/** showGraph draws the rating history of a key as an SVG line. */
async function showGraph(box: HTMLElement, name: string, key: string): Promise<void> {
  let pts: RatingPoint[];
  try {
    pts = (await playersApi.history(name, key)).points ?? [];
  } catch (x) {
    box.textContent = peopleText(x);
    return;
  }
  const W = 600, H = 200;
  const lo = Math.min(...pts.map((p) => p.rating)) - 20, hi = Math.max(...pts.map((p) => p.rating)) + 20;
  const x = (i: number) => (pts.length < 2 ? W / 2 : (i / (pts.length - 1)) * W);
  const y = (r: number) => H - ((r - lo) / Math.max(1, hi - lo)) * H;
  const line = pts.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  clear(
    box,
    h("h3", null, keyLabel(key)),
    s(
      "svg",
      { viewBox: `-40 -10 ${W + 50} ${H + 20}`, role: "img", "aria-label": t("profile.graph", { key: keyLabel(key) }), id: "rating-history", "data-key": key, "data-points": String(pts.length) },
      s("text", { x: -36, y: 4, "font-size": 12 }, String(Math.round(hi))),
      s("text", { x: -36, y: H, "font-size": 12 }, String(Math.round(lo))),
      s("line", { x1: 0, y1: H, x2: W, y2: H, stroke: "currentColor", "stroke-opacity": 0.3 }),
      s("path", { d: line, fill: "none", stroke: "currentColor", "stroke-width": 2 }),
      pts.map((p, i) => s("circle", { cx: x(i), cy: y(p.rating), r: 3 }, s("title", null, `${p.rating} — ${date(p.time)}`))),
    ),
  );
}

function gamesList(gs: PlayerGame[]): HTMLElement {
  if (!gs.length) return h("p", { class: "muted" }, t("profile.nogames"));
  return h(
    "ul",
    { class: "player-games", id: "player-games" },
    gs.map((g) => {
      const href = g.finished ? `/replay/${g.id}` : `/games/${g.id}`;
      const results: Record<string, string> = { win: "profile.result.win", draw: "profile.result.draw", loss: "profile.result.loss" };
      const result = g.result && results[g.result] ? t(results[g.result]) : g.finished ? "—" : t("profile.result.playing");
      const change = g.change === undefined ? "" : ` (${g.change > 0 ? "+" : ""}${g.change})`;
      return h(
        "li",
        { "data-game": g.id, "data-result": g.result ?? "" },
        h("a", { href }, ruleSetLabel(g.game), " · ", clockLabel(g), g.rated ? " · " + t("profile.rated") : ""),
        " ",
        t("profile.against", { names: (g.opponents ?? []).map((n) => n || playerLabel("")).join(", ") || "—" }),
        " · ",
        h("strong", null, result + change),
        " · ",
        h("time", { datetime: g.created }, date(g.created)),
      );
    }),
  );
}

/** leaderboardPage is the leaderboard of a game and speed class, chosen
 * with a select (the query's key, chess/blitz by default). */
export function leaderboardPage(main: HTMLElement): () => void {
  let live = true;
  const title = t("leaderboard.title");
  document.title = `${title} — Norns`;
  const key = new URLSearchParams(location.search).get("key") || "chess/blitz";
  const [r0, s0] = key.split("/");
  const rs = h("select", { id: "leaderboard-game", "aria-label": t("leaderboard.game") }, ruleSets.map((r) => h("option", { value: r, selected: r === r0 }, ruleSetLabel(r))));
  const sp = h("select", { id: "leaderboard-speed", "aria-label": t("leaderboard.speed") }, speeds.map((x) => h("option", { value: x, selected: x === s0 }, speedLabel(x))));
  const list = h("div", { id: "leaderboard" });
  const err = h("p", { class: "error", role: "alert" });
  const load = async () => {
    const k = `${rs.value}/${sp.value}`;
    history.replaceState(null, "", `/leaderboard?key=${k}`);
    clear(err);
    try {
      const b = await playersApi.leaderboard(k);
      if (!live) return;
      const ps = b.players ?? [];
      clear(
        list,
        ps.length
          ? h(
              "ol",
              { class: "leaderboard", "data-key": k },
              ps.map((p) => h("li", { "data-name": p.name, "data-rating": String(p.rating) }, h("a", { href: `/@/${encodeURIComponent(p.name)}` }, p.name), " ", h("strong", null, String(p.rating)))),
            )
          : h("p", { class: "muted", "data-key": k }, t("leaderboard.empty")),
      );
    } catch (x) {
      err.textContent = peopleText(x);
    }
  };
  rs.addEventListener("change", load);
  sp.addEventListener("change", load);
  main.append(h("h1", null, title), h("div", { class: "leaderboard-choice" }, rs, sp), err, list);
  load();
  return () => {
    live = false;
  };
}

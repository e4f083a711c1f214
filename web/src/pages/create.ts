// Creating a game: against a friend (an invitation link per seat, shown
// on the game's page while it waits, and optionally a Join button in the
// lobby for anyone; private unless listed for anybody to watch), against the AI, hot
// seat on one device, or any mix of seats (three-player Nords Loki); the
// game's options and an optional clock (lichess's time controls, a custom
// one, or days per move) with its speed class; the creator's colour is
// random unless chosen, as lichess's.

import { h, clear } from "../dom";
import { t } from "../i18n";
import { api, peopleText, CatalogGame, ClockRequest } from "../api";
import { info } from "../games";
import { go } from "../nav";
import { aiLevels, clockPresets, customClock, defaultLevel, fischer, nameField, seatNames, speedLabel, speedOf, startGame, ClockPreset, Mode, SeatRequest } from "../newgame";
import { levelLabel, optionLabel, playerLabel, valueLabel } from "./common";
import { fresh } from "./waiting";
import { notFound } from "./notfound";
import { seedField } from "./fair";
import { me } from "../session";

export function createPage(main: HTMLElement, game: string): () => void {
  // The game's title in the reader's language (the server's for a game
  // the app does not describe); a name the server does not offer is the
  // not-found page.
  const gi = info(game);
  const named = (title: string) => {
    document.title = `${title} — ${t("create.title")} — Norns`;
    clear(heading, t("create.title"), ": ", title);
  };
  const heading = h("h1", null, t("create.title"));
  const box = h("div", null, h("p", { class: "muted" }, t("common.loading")));
  main.append(heading, box);
  if (gi) named(t(gi.title));
  api.catalog().then(
    (cat) => {
      const c = cat.find((g) => g.name === game);
      if (!c) {
        notFound(main, { kind: "name", name: game });
        return;
      }
      if (!gi) named(c.title);
      clear(box, form(c));
    },
    (e) => clear(box, h("p", { class: "error" }, peopleText(e))),
  );
  return () => {};
}

function form(c: CatalogGame): HTMLElement {
  const err = h("div", { class: "error", role: "alert" });
  const optValues: Record<string, () => string> = {};
  const optFields = c.options
    .filter((o) => o.name !== "max-turns")
    .map((o) => {
      const id = "opt-" + o.name;
      let input: HTMLInputElement | HTMLSelectElement;
      const choices = o.values.filter((v) => v !== "<n>");
      if (o.values.includes("<n>")) {
        input = h("input", { type: "text", id, value: o.default, inputmode: "numeric", size: 6 });
      } else {
        input = h("select", { id }, choices.map((v) => h("option", { value: v, selected: v === o.default, title: v }, valueLabel(o.name, v))));
      }
      input.addEventListener("change", () => o.name === "players" && drawSeats());
      optValues[o.name] = () => input.value.trim();
      // The option's meaning in the reader's language; its name as the
      // server knows it in the tooltip, for the API's users.
      const label = optionLabel(o.name, o.help);
      return h("div", { class: "field" }, h("label", { for: id, title: o.name }, h("strong", null, label)), input);
    });
  const modes: Mode[] = ["friend", "ai", "hotseat", "custom"];
  const modeKeys: Record<Mode, string> = { friend: "create.mode.friend", ai: "create.mode.ai", hotseat: "create.mode.hotseat", custom: "create.mode.custom" };
  let mode: Mode = "friend";
  const levels = aiLevels(c);
  const level = h("select", { id: "ai-level", "aria-label": t("create.level") }, levels.map((l) => h("option", { value: l, selected: l === defaultLevel(c) }, levelLabel(l))));
  const side = h("select", { id: "my-seat", "aria-label": t("create.seat") });
  const pub = h("input", { type: "checkbox", id: "public" });
  const listed = h("input", { type: "checkbox", id: "listed" });
  const seatBox = h("div", { class: "seats" });
  const seatKinds: HTMLSelectElement[] = [];
  const options = () => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(optValues)) out[k] = v();
    return out;
  };
  const players = () => seatNames(c, options());
  const drawSeats = () => {
    // Random first and chosen, as lichess's.
    clear(side, h("option", { value: "random", selected: true }, t("create.color.random")), players().map((p, i) => h("option", { value: String(i) }, playerLabel(p))));
    seatKinds.length = 0;
    clear(
      seatBox,
      players().map((p, i) => {
        const sel = h(
          "select",
          { id: "seat-" + p, "aria-label": playerLabel(p), "data-seat": p },
          h("option", { value: "human", selected: i === 0 }, t("create.seat.me")),
          h("option", { value: "open", selected: i !== 0 }, t("create.seat.friend")),
          levels.map((l) => h("option", { value: "ai:" + l }, t("seat.ai", { level: levelLabel(l) }))),
        );
        seatKinds.push(sel);
        return h("div", { class: "field" }, h("label", { for: "seat-" + p }, playerLabel(p)), sel);
      }),
    );
  };
  drawSeats();
  const modeBox = h(
    "fieldset",
    null,
    h("legend", null, t("create.mode")),
    modes.map((m) =>
      h("label", null, h("input", { type: "radio", name: "mode", value: m, checked: m === mode, onchange: () => {
        mode = m;
        show();
      } }), t(modeKeys[m])),
    ),
    h("div", { class: "field mode-ai" }, h("span", null, t("create.level")), level),
    h("div", { class: "field mode-side" }, h("span", null, t("create.seat")), side),
    h("div", { class: "field mode-public" }, h("label", null, pub, " ", t("create.public"))),
    h("div", { class: "field mode-public" }, h("label", null, listed, " ", t("create.listed"))),
    h("div", { class: "mode-custom" }, seatBox),
  );
  const show = () => {
    (modeBox.querySelector(".mode-ai") as HTMLElement).hidden = mode !== "ai";
    (modeBox.querySelector(".mode-side") as HTMLElement).hidden = mode !== "ai" && mode !== "friend";
    (modeBox.querySelector(".mode-custom") as HTMLElement).hidden = mode !== "custom";
    for (const e of modeBox.querySelectorAll<HTMLElement>(".mode-public")) e.hidden = mode !== "friend" && mode !== "custom";
  };
  show();
  const clock = h("select", { id: "clock" }, clockPresets.map((p) => h("option", { value: p.id, selected: p.id === "none" }, clockLabel(p))));
  // A custom time control: minutes for the game (from a quarter) and
  // seconds added per move, as lichess's.
  const minutes = h("input", { type: "number", id: "clock-minutes", min: "0.25", max: "1440", step: "any", value: "5", inputmode: "decimal", size: 5 });
  const increment = h("input", { type: "number", id: "clock-increment", min: "0", max: "180", step: "1", value: "3", inputmode: "numeric", size: 5 });
  const customBox = h(
    "div",
    { class: "field clock-custom", hidden: true },
    h("label", { for: "clock-minutes" }, t("create.clock.minutes")),
    minutes,
    h("label", { for: "clock-increment" }, t("create.clock.increment")),
    increment,
  );
  const speed = h("span", { id: "clock-speed", class: "speed" });
  // Rated or casual, as lichess's: rated only for a signed-in player,
  // against a person, on a clock.
  const rated = h("input", { type: "checkbox", id: "rated" });
  const ratedBox = h("div", { class: "field", id: "rated-box", hidden: !me }, h("label", { for: "rated" }, rated, " ", t("create.rated")), h("small", { class: "muted" }, t("create.rated.help")));
  // chosenClock is the clock chosen, undefined for none.
  const chosenClock = (): ClockRequest | undefined => {
    if (clock.value === customClock) return fischer(Number(minutes.value) || 0, Number(increment.value) || 0);
    return clockPresets.find((p) => p.id === clock.value)?.clock;
  };
  const showClock = () => {
    customBox.hidden = clock.value !== customClock;
    const s = speedOf(chosenClock());
    speed.dataset.speed = s;
    speed.textContent = t("create.speed", { speed: speedLabel(s) });
  };
  for (const e of [clock, minutes, increment]) {
    e.addEventListener("change", showClock);
    e.addEventListener("input", showClock);
  }
  showClock();
  const submit = h("button", { type: "submit", class: "primary", id: "create-game" }, t("create.submit"));
  const name = nameField();
  // A seed of the player's own for the dice, else the browser's random
  // one.
  const seed = c.chance ? seedField("create-seed", "", t("create.seed.help")) : null;
  const f = h(
    "form",
    { class: "create" },
    name.el,
    modeBox,
    optFields.length ? h("fieldset", null, h("legend", null, t("lobby.options")), optFields) : null,
    h("fieldset", null, h("legend", null, t("create.clock")), h("div", { class: "field" }, h("label", { for: "clock" }, t("create.clock.label")), clock), customBox, speed, ratedBox),
    seed?.el,
    h("div", null, submit),
    err,
  );
  f.addEventListener("submit", async (e) => {
    e.preventDefault();
    clear(err);
    const me = name.value();
    if (me === null) return;
    const typed = seed ? seed.value() : "";
    if (typed === null) {
      err.textContent = t("seed.invalid");
      seed?.input.focus();
      return;
    }
    const custom: SeatRequest[] = seatKinds.map((s) => (s.value.startsWith("ai:") ? { type: "ai", level: s.value.slice(3) } : { type: s.value }));
    submit.disabled = true;
    try {
      const { id, open } = await startGame(c, {
        mode,
        options: options(),
        me: side.value === "random" ? "random" : Number(side.value) || 0,
        level: level.value,
        public: pub.checked,
        listed: listed.checked,
        custom,
        name: me,
        clock: chosenClock(),
        seed: typed || undefined,
        rated: rated.checked,
      });
      // A game for friends waits on its own page, which shows the
      // invitations.
      if (open.length) fresh.set(id, open);
      go(`/games/${id}`);
    } catch (x) {
      err.textContent = peopleText(x);
      submit.disabled = false;
    }
  });
  return f;
}

/** clockLabel names a time control: "No clock", "3+2 (Blitz)", "Custom",
 * "Correspondence: 3 days per move". */
function clockLabel(p: ClockPreset): string {
  if (p.id === customClock) return t("create.clock.custom");
  if (!p.clock) return t("create.clock.none");
  if ("days_per_move" in p.clock) return t("create.clock.days", { n: p.clock.days_per_move });
  return `${p.id} (${speedLabel(speedOf(p.clock))})`;
}

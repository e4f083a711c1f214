// The record of a game and its fair dice. Every game page shows the
// downloads of the game's record in each of its formats (the catalog's
// records: PGN for the chess games, the text record of Sea Hnefatafl and
// Nords Loki, the Norns record and JSON). A game with dice shows the
// server's commitment, the seat seeds and, while nothing has rolled, a
// field for the seed of the seats this browser holds; once the game is
// over the page checks every roll itself (verify.ts: the derivation of
// norns verify) and says so — in scheme norns-dice-v2 with the number of
// rolls caused by a nonce a move revealed — or names the first roll that
// does not match. The verify page does the same for a record pasted or chosen.
// The field of a player's own seed before a game (seedField) is the create
// page's and the join step's.

import { h, clear, Child } from "../dom";
import { lang, t } from "../i18n";
import { api, peopleText, seats, CatalogGame, GameView } from "../api";
import { info } from "../games";
import { playerOf } from "./common";
import { RecordError, verifyRecord, Verdict, Signature } from "../verify";
import { firstCommit, schemeV2 } from "../nonce";

/** catalog is the server's catalog, asked for once. */
let catalog: Promise<CatalogGame[]> | null = null;
function gameCatalog(): Promise<CatalogGame[]> {
  if (!catalog) catalog = api.catalog().catch((e) => ((catalog = null), Promise.reject(e)));
  return catalog;
}

/** formatKeys name each record format. */
const formatKeys: Record<string, string> = { pgn: "record.format.pgn", text: "record.format.text", otn: "record.format.otn", norns: "record.format.norns", json: "record.format.json" };

/** recordLinks fills an element with the downloads of a game's record,
 * in each format of the catalog's records for the game. */
export function recordLinks(el: HTMLElement, id: string, game: string): Promise<void> {
  const link = (f: string) => h("a", { href: api.recordURL(id, f), download: "", "data-format": f }, formatKeys[f] ? t(formatKeys[f]) : f);
  return gameCatalog().then(
    (cat) => {
      const formats = cat.find((c) => c.name === game)?.records ?? ["norns"];
      // The records are the programs' formats, written in English
      // whatever the page's language: a reader of another language is told.
      clear(el, t("record.download"), " ", formats.flatMap((f, i) => [i ? " · " : "", link(f)]), lang !== "en" ? h("span", { class: "record-lang" }, " ", t("record.english")) : null);
    },
    (e) => {
      clear(el, t("record.download"), " ", link("norns"));
      return Promise.reject(e);
    },
  );
}

/** validSeed reports whether the server takes a seat seed: 1 to 64
 * printable ASCII characters without " or \. */
export function validSeed(s: string): boolean {
  return s.length >= 1 && s.length <= 64 && /^[\x20-\x7e]+$/.test(s) && !/["\\]/.test(s);
}

/** SeedField is the field of a player's own dice seed. */
export interface SeedField {
  el: HTMLElement;
  input: HTMLInputElement;
  /** value is the seed to send: "" when the field is empty (the browser
   * then gives a random one), null when the server would refuse it. */
  value(): string | null;
}

/** seedField builds the field of a player's own dice seed, as the create
 * page and the join step show it: its input's id, the seed it starts with
 * and a line of help under it. */
export function seedField(id: string, seed: string, help: Child): SeedField {
  const input = h("input", { type: "text", id, value: seed, maxlength: "64", spellcheck: "false", autocomplete: "off", "aria-describedby": id + "-help" });
  const el = h(
    "fieldset",
    { class: "seed-field" },
    h("legend", null, t("game.fairness")),
    h("div", { class: "field" }, h("label", { for: id }, t("seed.label")), input),
    h("div", { class: "muted", id: id + "-help" }, help),
  );
  return {
    el,
    input,
    value(): string | null {
      const s = input.value;
      return s === "" || validSeed(s) ? s : null;
    },
  };
}

/** signatureText says what the check of a record's signature found. */
export function signatureText(s: Signature): string {
  switch (s.kind) {
    case "signed":
      return t("verify.signed", { key: s.key });
    case "unsigned":
      return t("verify.unsigned");
    case "unchecked":
      return t("verify.nosigcheck");
  }
}

/** verdictText says what a check found, in the reader's language: the
 * dice, then the signature. */
export function verdictText(v: Verdict): string {
  switch (v.kind) {
    case "ok":
      if (v.rolls === 0) return t("verify.none") + " · " + signatureText(v.sig);
      // Scheme v2 says how many rolls a revealed nonce caused: those the
      // server could not know before the move that caused them.
      return (v.scheme === schemeV2 ? t("verify.ok.v2", { n: v.rolls, caused: v.caused }) : t("verify.ok", { n: v.rolls })) + " · " + signatureText(v.sig);
    case "mismatch":
      return t("verify.mismatch", { n: v.roll + 1, seq: v.seq, recorded: v.recorded, derived: v.derived });
    case "unrevealed":
      return t("verify.unrevealed", { n: v.rolls }) + " · " + signatureText(v.sig);
  }
}

/** checkText runs the check of a record and says what it found; ok says
 * whether every roll matched and the signature, when there is one, is the
 * server's. */
export async function checkText(text: string): Promise<{ ok: boolean; text: string; verdict?: Verdict }> {
  try {
    const v = await verifyRecord(text);
    return { ok: v.kind === "ok", text: verdictText(v), verdict: v };
  } catch (e) {
    if (e instanceof RecordError) return { ok: false, text: t(e.key, e.params) };
    return { ok: false, text: t("verify.failed", { error: String((e as Error).message ?? e) }) };
  }
}

/** FairPanel is the record's downloads and the dice's fairness on the
 * game page. */
export interface FairPanel {
  /** records is the panel of the record's downloads, for every game. */
  records: HTMLElement;
  /** el is the fair dice's panel, shown in the games with dice. */
  el: HTMLElement;
  /** update shows a view of the game. */
  update(v: GameView): void;
}

/** fairPanel builds the game page's record and fair dice panels. shown
 * takes the view a seed's answer gives; report shows an error. */
export function fairPanel(id: string, shown: (v: GameView) => void, report: (text: string) => void): FairPanel {
  const links = h("div", { class: "record-links", id: "records" });
  const records = h("section", { class: "panel", id: "records-panel" }, h("h2", null, t("record.title")), links);
  const fair = h("div", { class: "fair", id: "fairness" });
  const seedBox = h("div", { class: "seed-box" });
  const result = h("div", { id: "verify-result", role: "status", "aria-live": "polite" });
  const checkBox = h("div", { class: "verify-box", hidden: true });
  const el = h("section", { class: "panel", id: "fair-panel" }, h("h2", null, t("game.fairness")), fair, seedBox, checkBox);
  let drawnLinks = "";
  let checked = "";
  let seedShown = "";

  const drawLinks = (game: string) => {
    if (drawnLinks === game) return;
    drawnLinks = game;
    recordLinks(links, id, game).catch(() => (drawnLinks = ""));
  };

  /** check fetches the game's Norns record and checks every roll. */
  const check = async () => {
    result.textContent = t("verify.running");
    result.className = "";
    let text: string;
    try {
      const r = await fetch(api.recordURL(id, "norns"));
      if (!r.ok) throw new Error(String(r.status));
      text = await r.text();
    } catch (e) {
      result.textContent = t("verify.failed", { error: String((e as Error).message ?? e) });
      result.className = "error";
      return;
    }
    const c = await checkText(text);
    result.textContent = c.text;
    result.className = c.ok ? "ok" : "error";
    result.dataset.ok = String(c.ok);
    result.dataset.signed = c.verdict && c.verdict.kind !== "mismatch" ? c.verdict.sig.kind : "";
  };

  /** drawSeed offers the field of a seat seed while nothing has rolled,
   * to a browser that holds a seat of the game. */
  const drawSeed = (v: GameView) => {
    const held = Object.keys(seats.all(id)).filter((p) => v.players.includes(p));
    const open = !v.finished && v.fairness.rolls === 0 && held.length > 0;
    const key = open ? held.join(" ") : "";
    if (key === seedShown) return;
    seedShown = key;
    if (!open) {
      clear(seedBox);
      return;
    }
    const input = h("input", { type: "text", id: "seed-input", maxlength: "64", spellcheck: "false", autocomplete: "off", value: v.fairness.seat_seeds[held[0]] ?? "", "aria-describedby": "seed-help" });
    const note = h("div", { id: "seed-note", role: "status" });
    const form = h(
      "form",
      { class: "seed-form", id: "seed-form" },
      h("label", { for: "seed-input" }, t("seed.label")),
      " ",
      input,
      " ",
      h("button", { type: "submit", id: "seed-set" }, t("seed.set")),
      h("div", { class: "muted", id: "seed-help" }, t("seed.help")),
      note,
    );
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const s = input.value;
      if (!validSeed(s)) {
        note.textContent = t("seed.invalid");
        note.className = "error";
        return;
      }
      note.textContent = "";
      try {
        const toks = seats.all(id);
        let last: GameView | null = null;
        for (const p of held) if (toks[p]) last = await api.seed(id, toks[p], s, await firstCommit(id, p, v.fairness.scheme));
        note.textContent = t("seed.saved");
        note.className = "";
        if (last) shown(last);
      } catch (x) {
        note.textContent = peopleText(x);
        note.className = "error";
        report(note.textContent);
      }
    });
    clear(seedBox, form);
  };

  return {
    records,
    el,
    update(v: GameView): void {
      drawLinks(v.game);
      const dice = info(v.game)?.dice !== false;
      el.hidden = !dice;
      if (!dice) return;
      const f = v.fairness;
      clear(
        fair,
        h("div", null, t("game.commitment"), ": ", h("code", null, f.commitment)),
        h("div", null, t("game.rolls", { n: f.rolls })),
        Object.entries(f.seat_seeds).map(([p, s]) => h("div", null, t("game.seatseed", { player: playerOf(p) }), ": ", h("code", null, s))),
        f.server_seed ? h("div", null, t("game.serverseed"), ": ", h("code", { id: "server-seed" }, f.server_seed)) : h("div", { class: "muted" }, t("game.seedlater")),
      );
      drawSeed(v);
      checkBox.hidden = !f.server_seed;
      if (f.server_seed && checked !== f.server_seed) {
        checked = f.server_seed;
        clear(
          checkBox,
          result,
          h("div", null, h("button", { type: "button", id: "verify", onclick: () => check() }, t("verify.again")), " ", h("a", { href: "/verify" }, t("verify.link"))),
        );
        check();
      }
    },
  };
}

/** verifyPage checks the dice of a record pasted or chosen as a file. */
export function verifyPage(main: HTMLElement): () => void {
  document.title = `${t("verify.title")} — Norns`;
  const area = h("textarea", { id: "verify-record", rows: 10, cols: 70, spellcheck: "false", "aria-label": t("replay.paste") });
  const file = h("input", { type: "file", accept: ".norns,.json,.txt", "aria-label": t("replay.file") });
  const result = h("div", { id: "verify-result", role: "status", "aria-live": "polite" });
  const run = async () => {
    if (!area.value.trim()) return;
    result.textContent = t("verify.running");
    result.className = "";
    delete result.dataset.ok;
    const c = await checkText(area.value);
    result.textContent = c.text;
    result.className = c.ok ? "ok" : "error";
    result.dataset.ok = String(c.ok);
    result.dataset.signed = c.verdict && c.verdict.kind !== "mismatch" ? c.verdict.sig.kind : "";
  };
  file.addEventListener("change", async () => {
    const f = file.files?.[0];
    if (f) area.value = await f.text();
    run();
  });
  main.append(
    h("h1", null, t("verify.title")),
    h("p", null, t("verify.help")),
    h("div", { class: "field" }, file),
    area,
    h("div", null, h("button", { type: "button", class: "primary", id: "verify-check", onclick: () => run() }, t("verify.check"))),
    result,
  );
  return () => {};
}

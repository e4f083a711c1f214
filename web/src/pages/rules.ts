// The rules page of each game: the English and Russian pages written for
// players from the project's rules files (web/rules/<lang>/).

import { h, clear } from "../dom";
import { lang, t } from "../i18n";
import { gameInfo, info } from "../games";
import { markdown } from "../md";

export function rulesPage(main: HTMLElement, game?: string): () => void {
  const withRules = gameInfo.filter((g) => g.rules);
  const nav = h(
    "nav",
    { class: "toolbar", "aria-label": t("nav.rules") },
    withRules.map((g) => h("a", { href: `/rules/${g.name}`, class: "button-link" + (g.name === game ? " on" : "") }, t(g.title))),
  );
  const body = h("article", { class: "rules panel" });
  main.append(h("h1", null, game ? t("rules.title", { game: t(info(game)?.title ?? game) }) : t("nav.rules")), nav);
  main.append(
    h("div", { class: "legend" }, h("span", null, h("span", { class: "ruling rules-tag" }, t("rules.ruling")), " ", t("rules.ruling.means")), h("span", null, h("span", { class: "house rules-tag" }, t("rules.house")), " ", t("rules.house.means"))),
    body,
  );
  const g = game ? info(game) : undefined;
  document.title = `${g ? t(g.title) + " — " : ""}${t("nav.rules")} — Norns`;
  if (!g || !g.rules) {
    body.append(h("p", null, t("rules.choose")));
    return () => {};
  }
  fetch(`/rules/${lang}/${g.rules}`)
    .then((r) => (r.ok ? r.text() : fetch(`/rules/en/${g.rules}`).then((x) => x.text())))
    .then((text) => {
      body.innerHTML = markdown(text);
    })
    .catch((e) => clear(body, String(e)));
  return () => {};
}

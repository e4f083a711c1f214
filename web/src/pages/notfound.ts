// The not-found page: an address that names no page, no game of the
// server (/games/<id>, /replay/<id>) or no game of that name
// (/new/<name>), said in the reader's language, with a link to the lobby.

import { h, clear } from "../dom";
import { t } from "../i18n";

/** What is the thing an address named that does not exist. */
export type Missing = { kind: "page" } | { kind: "game"; id: string } | { kind: "name"; name: string };

/** notFound replaces the page's content with the not-found page. */
export function notFound(main: HTMLElement, what: Missing = { kind: "page" }): void {
  const title = what.kind === "game" ? t("game.notfound") : t("page.notfound");
  document.title = `${title} — Norns`;
  let text: string;
  if (what.kind === "game") text = t("notfound.game", { id: what.id });
  else if (what.kind === "name") text = t("notfound.name", { name: what.name });
  else text = t("notfound.page");
  main.dataset.notfound = what.kind;
  clear(
    main,
    h(
      "section",
      { class: "not-found", id: "not-found", "data-missing": what.kind },
      h("h1", null, title),
      h("p", null, text),
      h("p", null, h("a", { href: "/", class: "button primary", id: "to-lobby" }, t("notfound.lobby"))),
    ),
  );
}

/** notFoundPage is the route of an address that names no page. */
export function notFoundPage(main: HTMLElement, what: Missing = { kind: "page" }): () => void {
  notFound(main, what);
  return () => {};
}

// The Norns web app: the page shell, the language switch and the router.

import { h, clear } from "./dom";
import { initialLang, lang, langs, load, remember, t, Lang } from "./i18n";
import { lobbyPage } from "./pages/lobby";
import { createPage } from "./pages/create";
import { gamePage } from "./pages/game";
import { rulesPage } from "./pages/rules";
import { labReplayPage, replayPage } from "./pages/replay";
import { verifyPage } from "./pages/fair";
import { notFoundPage } from "./pages/notfound";
import { accountPage, signInPage } from "./pages/account";
import { leaderboardPage, playerPage } from "./pages/players";
import { accountApi, ApiError } from "./api";
import { accountsOn, me, setAccountsOn, setMe } from "./session";
import { info } from "./games";
import { go, route, setRouter } from "./nav";

const app = document.getElementById("app")!;
let cleanup: (() => void) | null = null;

function header(): HTMLElement {
  const link = (href: string, key: string) =>
    h("a", { href, onclick: (e: Event) => {
      e.preventDefault();
      go(href);
    } }, t(key));
  return h(
    "header",
    { class: "top" },
    h("a", { class: "brand", href: "/", onclick: (e: Event) => {
      e.preventDefault();
      go("/");
    } }, h("img", { src: "/favicon.svg", alt: "", width: 26, height: 26 }), "Norns"),
    h("nav", { "aria-label": t("nav.main") }, link("/", "nav.lobby"), link("/rules", "nav.rules"), link("/replay", "nav.replay"), link("/leaderboard", "nav.leaderboard")),
    accountLink(),
    h(
      "div",
      { class: "lang-switch", role: "group", "aria-label": t("nav.language") },
      langs.map((l) =>
        h("button", { "aria-pressed": String(l === lang), lang: l, "data-lang": l, onclick: () => switchLang(l) }, l === "en" ? "English" : "Русский"),
      ),
    ),
  );
}

// accountLink is the header's link to the signed-in account (its name),
// or to the sign-in page.
function accountLink(): HTMLElement | null {
  if (!accountsOn) return null;
  const to = (href: string) => (e: Event) => {
    e.preventDefault();
    go(href);
  };
  return me
    ? h("a", { class: "account-link", id: "account-link", href: "/account", title: t("nav.account", { name: me.name }), onclick: to("/account") }, me.name)
    : h("a", { class: "account-link", id: "account-link", href: "/signin", onclick: to("/signin") }, t("nav.signin"));
}

async function switchLang(l: Lang): Promise<void> {
  remember(l);
  await load(l);
  route();
}

// draw draws the page of the current path (nav.ts's route).
function draw(): void {
  if (cleanup) cleanup();
  cleanup = null;
  const main = h("main", { id: "main" });
  clear(app, header(), main);
  const path = location.pathname.replace(/\/+$/, "") || "/";
  let m: RegExpExecArray | null;
  if (path === "/") cleanup = lobbyPage(main);
  else if ((m = /^\/new\/([a-z]+)$/.exec(path))) cleanup = createPage(main, m[1]);
  else if ((m = /^\/games\/([a-z0-9]+)$/.exec(path))) cleanup = gamePage(main, m[1]);
  else if ((m = /^\/rules(?:\/([a-z]+))?$/.exec(path))) cleanup = m[1] && !info(m[1]) ? notFoundPage(main, { kind: "name", name: m[1] }) : rulesPage(main, m[1]);
  else if (path === "/replay/lab") cleanup = labReplayPage(main);
  else if ((m = /^\/replay(?:\/([a-z0-9]+))?$/.exec(path))) cleanup = replayPage(main, m[1]);
  else if (path === "/verify") cleanup = verifyPage(main);
  else if (path === "/signin" || path === "/signup") cleanup = signInPage(main, path === "/signup");
  else if (path === "/account") cleanup = accountPage(main);
  else if ((m = /^\/@\/([A-Za-z0-9_-]{2,20})$/.exec(path))) cleanup = playerPage(main, m[1]);
  else if (path === "/leaderboard") cleanup = leaderboardPage(main);
  else cleanup = notFoundPage(main);
}

setRouter(draw);
window.addEventListener("popstate", route);
// Links inside the app navigate without reloading the page.
document.addEventListener("click", (e) => {
  const a = (e.target as Element).closest("a");
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
  const href = a.getAttribute("href");
  if (!href || !href.startsWith("/") || href.startsWith("/api/") || a.hasAttribute("download") || a.target) return;
  e.preventDefault();
  go(href);
});
// whoAmI reads the signed-in account, if any, before the first page.
const whoAmI = () =>
  accountApi.me().then(
    (r) => setMe(r.account),
    (e) => {
      setMe(null);
      if (e instanceof ApiError && e.code === "no_accounts") setAccountsOn(false);
    },
  );
load(initialLang()).then(whoAmI).then(route, (e) => {
  app.textContent = String(e);
});

// The account pages: sign up, sign in (each taking the games this
// browser played anonymously into the account, when asked), and the
// account's page: its sessions, each signed out on its own or all of
// them everywhere, the change of password and the deletion.

import { h, clear } from "../dom";
import { lang, t } from "../i18n";
import { accountApi, peopleText, seats } from "../api";
import { go } from "../nav";
import { me, setMe } from "../session";

// notice is a line shown once on the account page after a sign-in.
let notice = "";

/** signInPage is the sign-in form (up: the sign-up form). */
export function signInPage(main: HTMLElement, up: boolean): () => void {
  const title = t(up ? "account.signup.title" : "account.signin.title");
  document.title = `${title} — Norns`;
  const err = h("p", { class: "error", role: "alert" });
  const name = h("input", { type: "text", id: "account-name", name: "username", autocomplete: "username", required: true, minlength: 2, maxlength: 20, autocapitalize: "none", spellcheck: "false" });
  const password = h("input", { type: "password", id: "account-password", name: "password", autocomplete: up ? "new-password" : "current-password", required: true, minlength: up ? 8 : 1 });
  const proofs = seats.proofs();
  const claim = h("input", { type: "checkbox", id: "account-claim", checked: true });
  const submit = h("button", { type: "submit", class: "primary", id: "account-submit" }, t(up ? "account.signup.submit" : "account.signin.submit"));
  const form = h(
    "form",
    { class: "account-form", novalidate: true },
    h("label", { class: "field", for: "account-name" }, h("span", null, t("account.name")), name, up ? h("small", { class: "muted" }, t("account.name.help")) : null),
    h("label", { class: "field", for: "account-password" }, h("span", null, t("account.password")), password, up ? h("small", { class: "muted" }, t("account.password.help")) : null),
    proofs.length ? h("label", { for: "account-claim" }, claim, t("account.claim")) : null,
    submit,
    err,
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    submit.disabled = true;
    clear(err);
    const claimed = proofs.length && claim.checked ? proofs : [];
    try {
      const r = await (up ? accountApi.signUp : accountApi.signIn)(name.value.trim(), password.value, claimed);
      setMe(r.account);
      const n = (r.claimed ?? []).filter((c) => c.player).length;
      notice = n ? t("account.claimed", { n }) : "";
      go("/account");
    } catch (x) {
      err.textContent = peopleText(x);
      submit.disabled = false;
    }
  });
  main.append(
    h("h1", null, title),
    form,
    h("p", null, h("a", { href: up ? "/signin" : "/signup", id: "account-other" }, t(up ? "account.to-signin" : "account.to-signup"))),
  );
  name.focus();
  return () => {};
}

/** when writes a time in the reader's language. */
function when(iso: string): string {
  return new Date(iso).toLocaleString(lang === "ru" ? "ru-RU" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
}

/** accountPage is the signed-in account's page; signed out, the sign-in
 * form. */
export function accountPage(main: HTMLElement): () => void {
  const a = me;
  if (!a) {
    go("/signin");
    return () => {};
  }
  document.title = `${t("account.title")} — ${a.name} — Norns`;
  const shown = notice;
  notice = "";
  const list = h("ul", { class: "sessions", id: "sessions" });
  const listErr = h("p", { class: "error", role: "alert" });
  const signedOut = () => {
    setMe(null);
    go("/");
  };
  const drawSessions = async () => {
    try {
      const ss = await accountApi.sessions();
      clear(
        list,
        ss.map((s) =>
          h(
            "li",
            { "data-session": s.id, class: s.current ? "current" : "" },
            h("span", { class: "session-agent" }, s.agent || "—"),
            " ",
            h("span", { class: "muted" }, [s.addr, t("account.session.seen", { date: when(s.seen) })].filter(Boolean).join(" · ")),
            " ",
            s.current
              ? h("strong", null, t("account.session.current"))
              : h("button", { type: "button", class: "session-signout", onclick: async () => {
                try {
                  await accountApi.endSession(s.id);
                  await drawSessions();
                } catch (x) {
                  listErr.textContent = peopleText(x);
                }
              } }, t("account.session.signout")),
          ),
        ),
      );
    } catch (x) {
      listErr.textContent = peopleText(x);
    }
  };

  const oldPw = h("input", { type: "password", id: "password-old", autocomplete: "current-password", required: true });
  const newPw = h("input", { type: "password", id: "password-new", autocomplete: "new-password", required: true, minlength: 8 });
  const pwMsg = h("p", { class: "error", role: "status", id: "password-message" });
  const pwForm = h(
    "form",
    { class: "account-form", id: "password-form", novalidate: true },
    h("h2", null, t("account.password.change")),
    h("label", { class: "field", for: "password-old" }, h("span", null, t("account.password.old")), oldPw),
    h("label", { class: "field", for: "password-new" }, h("span", null, t("account.password.new")), newPw, h("small", { class: "muted" }, t("account.password.help"))),
    h("button", { type: "submit" }, t("account.password.change")),
    pwMsg,
  );
  pwForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await accountApi.password(oldPw.value, newPw.value);
      oldPw.value = newPw.value = "";
      pwMsg.className = "ok";
      pwMsg.textContent = t("account.password.changed");
      await drawSessions();
    } catch (x) {
      pwMsg.className = "error";
      pwMsg.textContent = peopleText(x);
    }
  });

  const delPw = h("input", { type: "password", id: "delete-password", autocomplete: "current-password", required: true });
  const delErr = h("p", { class: "error", role: "alert" });
  const delForm = h(
    "form",
    { class: "account-form danger", id: "delete-form", novalidate: true },
    h("h2", null, t("account.delete")),
    h("p", { class: "muted" }, t("account.delete.help")),
    h("label", { class: "field", for: "delete-password" }, h("span", null, t("account.password")), delPw),
    h("button", { type: "submit", class: "danger" }, t("account.delete")),
    delErr,
  );
  delForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await accountApi.remove(delPw.value);
      signedOut();
    } catch (x) {
      delErr.textContent = peopleText(x);
    }
  });

  main.append(
    h("h1", { id: "account-title" }, a.name),
    h("p", { class: "muted" }, t("account.created", { date: when(a.created) })),
    h("p", null, h("a", { href: `/@/${encodeURIComponent(a.name)}`, id: "account-profile" }, t("account.profile"))),
    h("p", { class: "ok", id: "account-notice", hidden: !shown }, shown),
    h(
      "p",
      { class: "account-actions" },
      h("button", { type: "button", id: "signout", onclick: () => accountApi.signOut().then(signedOut, (x) => (listErr.textContent = peopleText(x))) }, t("account.signout")),
      " ",
      h("button", { type: "button", id: "signout-everywhere", onclick: () => accountApi.signOutEverywhere().then(signedOut, (x) => (listErr.textContent = peopleText(x))) }, t("account.signout-everywhere")),
    ),
    h("h2", null, t("account.sessions")),
    list,
    listErr,
    pwForm,
    delForm,
  );
  drawSessions();
  return () => {};
}

// A game's chat, as lichess has it: the players' room for the seat
// holders, who may open the spectators' room too, and the spectators'
// room alone for everybody else. Messages come on the game's feed (the
// players' room once the feed proved a seat, the spectators' room once
// the feed opened it) and are read again after a (re)connection from the
// last seq seen. They are shown as text, never as HTML. A switch hides the
// chat for this browser.

import { h, clear } from "../dom";
import { t } from "../i18n";
import { api, ChatRoom, ChatView } from "../api";
import type { FeedMessage } from "../wire";
import { playerLabel } from "./common";

/** phrases are the canned messages, as catalog keys. */
const phrases = ["chat.phrase.hello", "chat.phrase.goodluck", "chat.phrase.havefun", "chat.phrase.wellplayed", "chat.phrase.thanks"];

/** storageKey remembers the switch: "off" hides the chat. */
const storageKey = "norns.chat";

/** senderName is who wrote a message: the seat's name, else the seat's
 * label, else "Spectator". */
export function senderName(m: ChatView): string {
  if (!m.player) return t("chat.spectator");
  return m.name && m.name !== m.player ? m.name : playerLabel(m.player);
}

/** ChatPanel is the page's chat. */
export interface ChatPanel {
  el: HTMLElement;
  /** opened follows a feed just opened; player says it sent a seat
   * token (the players' room then comes once the server says auth). */
  opened(sock: WebSocket, player: boolean): void;
  /** received reads a feed message: a chat message, the answer to a
   * room's opening, the seat's auth. */
  received(m: FeedMessage): void;
}

/** chatPanel builds the chat of a game; token is the seat token the
 * browser chats with (undefined for a spectator), report shows an error
 * in the page's error box. */
export function chatPanel(id: string, token: () => string | undefined, report: (text: string) => void): ChatPanel {
  const messages: Record<ChatRoom, Map<number, ChatView>> = { players: new Map(), spectators: new Map() };
  const unread: Record<ChatRoom, number> = { players: 0, spectators: 0 };
  let on = localStorage.getItem(storageKey) !== "off";
  let tab: ChatRoom | null = null;
  // The spectators' room on the current feed: whether a player asked for
  // it, and where its opening stands.
  let spectatorsWanted = false;
  let sock: WebSocket | null = null;
  let authed = false;
  let spectators: "closed" | "opening" | "open" = "closed";
  let sending = false;

  const toggle = h("button", { type: "button", id: "chat-toggle", class: "switch", "aria-label": t("chat.show"), onclick: () => {
    on = !on;
    localStorage.setItem(storageKey, on ? "on" : "off");
    sync();
    draw();
  } });
  // A player's rooms, as two buttons: the one pressed is shown; a room not
  // shown counts the messages that came meanwhile.
  const tabButtons = (["players", "spectators"] as ChatRoom[]).map((x) => ({
    room: x,
    unread: h("span", { class: "unread" }),
    button: h("button", { type: "button", id: `chat-tab-${x}`, "data-room": x, onclick: () => choose(x) }, t(x === "players" ? "chat.players" : "chat.spectators")),
  }));
  for (const b of tabButtons) b.button.append(b.unread);
  const tabs = h("div", { class: "chat-tabs", id: "chat-tabs", role: "group", "aria-label": t("chat.rooms") }, tabButtons.map((b) => b.button));
  const log = h("ol", { class: "chat-log", id: "chat-log", role: "log", "aria-live": "polite", "aria-label": t("chat.title"), tabindex: "0" });
  const empty = h("p", { class: "chat-empty muted", id: "chat-empty" }, t("chat.empty"));
  const input = h("input", { type: "text", id: "chat-input", maxlength: "300", autocomplete: "off", "aria-label": t("chat.input"), placeholder: t("chat.input") });
  const sendBtn = h("button", { type: "submit", id: "chat-send" }, t("chat.send"));
  const canned = h(
    "div",
    { class: "chat-canned", role: "group", "aria-label": t("chat.phrases") },
    phrases.map((key) => h("button", { type: "button", "data-phrase": key.slice("chat.phrase.".length), onclick: () => say(t(key)) }, t(key))),
  );
  const form = h("form", { class: "chat-form" }, input, sendBtn);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (text) say(text).then((ok) => ok && (input.value = ""));
  });
  const body = h("div", { class: "chat-body", id: "chat-body" }, tabs, log, empty, canned, form);
  const el = h("section", { class: "panel chat", id: "chat-panel" }, h("div", { class: "chat-head" }, h("h2", null, t("chat.title")), toggle), body);

  /** room is the room shown: a spectator's only room, else the tab a
   * player chose. */
  const room = (): ChatRoom => (token() ? tab ?? "players" : "spectators");

  function draw(): void {
    toggle.setAttribute("aria-pressed", String(on));
    toggle.textContent = t(on ? "chat.on" : "chat.off");
    body.hidden = !on;
    const r = room();
    unread[r] = 0;
    log.dataset.room = r;
    for (const b of tabButtons) {
      b.button.setAttribute("aria-pressed", String(b.room === r));
      b.unread.textContent = unread[b.room] ? ` (${unread[b.room]})` : "";
    }
    tabs.hidden = !token();
    const list = [...messages[r].values()].sort((a, b) => a.seq - b.seq);
    clear(
      log,
      list.map((m) => h("li", { class: "chat-msg" + (m.player ? "" : " spectator"), "data-seq": m.seq, "data-room": m.room, "data-player": m.player }, h("span", { class: "chat-name" }, senderName(m)), " ", h("span", { class: "chat-text" }, m.text))),
    );
    empty.hidden = list.length > 0;
    log.scrollTop = log.scrollHeight;
    el.setAttribute("aria-busy", String(sending));
    // Where the spectators' room stands on the feed (the tests read it).
    el.dataset.spectators = spectators;
  }

  function choose(r: ChatRoom): void {
    tab = r;
    if (r === "spectators") spectatorsWanted = true;
    sync();
    draw();
  }

  function add(ms: ChatView[], live: boolean): void {
    for (const m of ms) {
      const r = m.room;
      if (!messages[r] || messages[r].has(m.seq)) continue;
      messages[r].set(m.seq, m);
      if (live && r !== room()) unread[r]++;
    }
    draw();
  }

  /** catchUp reads what a room has after the last message seen. */
  async function catchUp(r: ChatRoom): Promise<void> {
    const since = Math.max(0, ...messages[r].keys());
    try {
      add(await api.chatLog(id, r, since, token()), false);
    } catch (e) {
      report((e as Error).message);
    }
  }

  /** sync opens the spectators' room on the feed while the chat is on
   * and the browser reads it (a spectator, or a player who opened its
   * tab), and closes it otherwise. A player's feed opens it once its seat
   * is proved. */
  function sync(): void {
    if (!sock || sock.readyState !== WebSocket.OPEN || (token() && !authed)) return;
    const want = on && (!token() || spectatorsWanted);
    if (want && spectators === "closed") {
      spectators = "opening";
      sock.send(api.wsRoom("spectators", true));
    } else if (!want && spectators !== "closed") {
      spectators = "closed";
      sock.send(api.wsRoom("spectators", false));
    }
  }

  /** say sends a message to the room shown; a second one waits for the
   * first's answer (the controls stay enabled, keeping the focus). */
  async function say(text: string): Promise<boolean> {
    if (sending) return false;
    sending = true;
    draw();
    try {
      const r = await api.chat(id, room(), text, token());
      add([r.message], false);
      return true;
    } catch (e) {
      report((e as Error).message);
      return false;
    } finally {
      sending = false;
      draw();
    }
  }

  draw();
  return {
    el,
    opened(s: WebSocket, player: boolean): void {
      sock = s;
      authed = false;
      spectators = "closed";
      if (!player) sync();
      draw();
    },
    received(m: FeedMessage): void {
      if (m.type === "chat" && m.message) add([m.message], true);
      else if (m.type === "auth") {
        authed = true;
        catchUp("players");
        sync();
        draw();
      } else if (m.type === "room" && m.room === "spectators" && m.open && spectators === "opening") {
        spectators = "open";
        draw();
        catchUp("spectators");
      }
    },
  };
}

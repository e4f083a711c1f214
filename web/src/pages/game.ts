// The game page: the board, the players and their clocks, whose turn it
// is, the dice and their fairness commitment, the move list, the result,
// a move typed in the game's notation, and a live connection that comes
// back by itself after a network drop. The page gives the dice seeds the
// game still waits for from the seats this browser holds, and lets a seat
// it holds abort or resign (leave.ts), offer a draw or ask for a takeback
// and answer the other player's offers (offers.ts), chat (chat.ts), and
// ask for a rematch once the game is over (rematch.ts): when the rematch
// exists, the page goes there. While seats are open a seat holder sees
// their invitations in place of the board (waiting.ts); an invitation
// that opens no seat gets a message with a link to watch the game, and
// one that does is taken on the join step (join.ts), where the joining
// player may type a dice seed of their own before the first roll. The
// page plays a sound for each move, capture and roll it shows and for the
// end of the game, and the tab's icon, as its title, says when a seat this
// browser holds is to move (sound.ts).

import { h, clear } from "../dom";
import { t } from "../i18n";
import { accountApi, api, actionsOf, errorText, seats, standingMoves, ApiError, EventView, GameView, Ply } from "../api";
import { me } from "../session";
import type { FeedMessage } from "../wire";
import { info, makeBoard } from "../games";
import { GameBoard, View } from "../boards/types";
import { giveSeeds } from "../newgame";
import { clockText, outcome, playerLabel, reasonShown, resultText, seatLabel, statusText, youPlay, yourTurn } from "./common";
import { Leave, leaveControl, leaveLine } from "./leave";
import { Presence, presenceOf, presenceDot, goneControl } from "./gone";
import { OfferKind, offerControl, offerLine } from "./offers";
import { chatPanel } from "./chat";
import { followRematch, rematchControl } from "./rematch";
import { inviteProblem, waitingPanel } from "./waiting";
import { fairPanel } from "./fair";
import { joinStep } from "./join";
import { notFound } from "./notfound";
import { moveError } from "../moveerror";
import { go } from "../nav";
import { playSound, setSound, soundOn, turnIcon, SoundKind } from "../sound";
import { sayPly, setFlipped, statusOfPly, turnLines, turnsOf } from "./movelist";
import { animationsOn, clockStrip, setAnimations, settledStatus } from "./status";
import { analysisPanel } from "./analysis";
import { NoSecretError, revealFor } from "../nonce";

/** stepMs is the time the page takes to show one action of several (a
 * quiet move, each roll of the seiðr): ≤ 300 ms, as lichess. */
const stepMs = 300;

/** quickMs is the time a single move takes to slide in (the opponent's
 * move is there at once, the status saying so when it has landed). */
const quickMs = 60;

export function gamePage(main: HTMLElement, id: string): () => void {
  // An invitation in the address whose seat this browser does not hold:
  // the join step comes first (join.ts), then this page again.
  const q = new URLSearchParams(location.search);
  const invite = q.get("invite");
  const inviteSeat = q.get("seat");
  if (invite && inviteSeat && !seats.all(id)[inviteSeat]) return joinStep(main, id, inviteSeat, invite);
  let closed = false;
  let ws: WebSocket | null = null;
  let view: GameView | null = null;
  let board: GameBoard | null = null;
  let plies: Ply[] = [];
  let pending = 0;
  const events: EventView[] = [];
  let shownPlies = -1;
  // shownActions: the actions standing in the state the board shows last.
  let shownActions: string[] | null = null;
  // shownFinished: the game shown is over; startPosition: the position
  // before the first ply.
  let shownFinished = false;
  let startPosition = "";
  let busy: Promise<void> = Promise.resolve();
  let flipped = false;
  // settling: the page is on its way to a new state (a roll or a move
  // being shown): nothing can be played until it is there. skipWake ends
  // the wait between two plies shown (a click skips the animation).
  let settling = false;
  let skipping = false;
  let skipWake: (() => void) | null = null;
  // hurry: a new move came while the page showed the one before: the
  // next state is shown at once, not step by step.
  let hurry = false;
  // browsing: the ply whose position the board shows while the player
  // looks back at the game, -1 for the live position.
  let browsing = -1;
  let refocus = false;

  const status = h("div", { class: "turn", id: "turn", role: "status", "aria-live": "polite" });
  const conn = h("span", { class: "conn", id: "conn" }, t("game.connecting"));
  // The spectators the feed counts ({"type":"watchers"}); hidden at none.
  const watchers = h("span", { class: "watchers", id: "watchers", hidden: true });
  const banner = h("div", { class: "banner", id: "result", hidden: true, role: "status" });
  const boardBox = h("div", { class: "board-box" });
  // A refused move's sentence goes away with the next action on the board.
  const clearError = () => (err.textContent = "");
  boardBox.addEventListener("pointerdown", clearError);
  boardBox.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " ") && clearError());
  const playersBox = h("div", { class: "players", id: "players" });
  const movesList = h("ol", { class: "moves", id: "moves", "aria-label": t("game.moves") });
  // The record's downloads (every game) and the fair dice (fair.ts).
  const fair = fairPanel(id, (v) => !closed && show(v), (text) => (err.textContent = text));
  const err = h("div", { class: "error", id: "error", role: "alert" });
  const legalBox = h("div", { class: "legal-list", id: "legal" });
  // The legal actions are offered as suggestions while typing.
  const suggestions = h("datalist", { id: "legal-actions" });
  const input = h("input", { type: "text", id: "move-input", list: "legal-actions", autocomplete: "off", spellcheck: "false", "aria-label": t("game.type"), placeholder: t("game.type.placeholder") });
  const playBtn = h("button", { type: "submit" }, t("game.play"));
  const title = h("h1", { class: "game-title" }, t("common.loading"));
  // The players and their clocks above and below the board, as a phone
  // shows them (the side panel's list on a wide screen).
  const stripTop = h("div", { class: "clock-strip top", id: "strip-top" });
  const stripBottom = h("div", { class: "clock-strip bottom", id: "strip-bottom" });
  const skipBtn = h("button", { type: "button", id: "skip", class: "switch", hidden: true, onclick: () => skip() }, t("game.anim.skip"));
  const animBtn = h("button", { type: "button", id: "animations", class: "switch", onclick: () => {
    setAnimations(!animationsOn());
    drawAnim();
    if (!animationsOn()) skip();
  } });
  /** drawAnim shows the animations switch's state. */
  const drawAnim = () => {
    const on = animationsOn();
    animBtn.setAttribute("aria-pressed", String(on));
    animBtn.textContent = t(on ? "game.anim.on" : "game.anim.off");
  };
  drawAnim();
  const backBtn = h("button", { type: "button", id: "back-to-live", class: "primary", onclick: () => backToLive() }, t("game.browse.live"));
  const browseText = h("span", { class: "browse-text" });
  const browseBanner = h("div", { class: "browse-banner", id: "browse-banner", hidden: true, role: "status" }, browseText, backBtn);

  const soundBtn = h("button", { type: "button", id: "sound", class: "switch", "aria-label": t("game.sound"), onclick: () => {
    setSound(!soundOn());
    drawSound();
  } });
  /** drawSound shows the sound switch's state. */
  const drawSound = () => {
    const on = soundOn();
    soundBtn.setAttribute("aria-pressed", String(on));
    soundBtn.textContent = t(on ? "game.sound.on" : "game.sound.off");
  };
  drawSound();
  const flipBtn = h("button", { type: "button", id: "flip", onclick: () => {
    flipped = !flipped;
    board?.flip();
    setFlipped(flipped);
    if (view && !settling) drawSide(view);
  } }, t("game.flip"));
  const leave = leaveControl(leaveGame);
  const offers = offerControl(offer);
  const rematch = rematchControl(askRematch, declineRematch);
  // The other player's offers (a draw, a takeback, a rematch) and the claim
  // against an opponent who left show over the top of the board, where the
  // player looks, at every size: the board never moves when one comes.
  const toasts = h("div", { class: "toasts", id: "toasts" }, offers.prompts);
  const rematchHome = h("div", { class: "rematch-home" }, rematch.el);
  // The players' presence as the feed said it last, and the claim against
  // an opponent who left (gone.ts).
  let presence: Presence = { online: null, claimAt: {} };
  // sideView is the view the players and the side panel show last.
  let sideView: GameView | null = null;
  const gone = goneControl(claimGone);
  toasts.append(gone.el);
  // The analysis of the game once it is over (analysis.ts).
  // The analysis numbers a move as the move list does ("2." for White's
  // second move, "1…" for Black's first).
  const moveNumber = (i: number): string => {
    const tr = view ? turnsOf(view.game, plies, startPosition).find((x) => x.plies.includes(i)) : undefined;
    return tr && tr.n ? `${tr.n}${tr.second ? "…" : "."}` : "";
  };
  const analysis = analysisPanel(id, () => plies, (i) => browse(i), moveNumber, () => startPosition);
  const waiting = waitingPanel(id, (text) => (err.textContent = text));
  // spectator: the game refused this browser's token, the page follows
  // the game (and chats) as a spectator.
  let spectator = false;
  const chat = chatPanel(id, () => (spectator ? undefined : Object.values(seats.all(id))[0]), (text) => (err.textContent = text));
  const form = h("form", { class: "move-input" }, input, suggestions, playBtn);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (text) send(text).then((ok) => ok && (input.value = ""));
  });
  const movesPanel = h("section", { class: "panel moves-panel" }, h("h2", null, t("game.moves")), movesList);
  const inputPanel = h("section", { class: "panel input-panel" }, h("h2", null, t("game.yourmove")), form, err, legalBox);
  main.append(
    title,
    h(
      "div",
      { class: "game-page" },
      h("div", { class: "game-main" }, h("div", { class: "status-line" }, status, skipBtn, watchers, conn), banner, browseBanner, waiting.el, stripTop, h("div", { class: "board-stage" }, toasts, boardBox), stripBottom, h("div", { class: "toolbar" }, flipBtn, soundBtn, animBtn, h("a", { href: `/replay/${id}`, class: "button" }, t("nav.replay")), offers.buttons, leave.el), rematchHome, analysis.el),
      h(
        "aside",
        { class: "game-aside" },
        h("section", { class: "panel players-panel" }, h("h2", null, t("game.players")), playersBox),
        movesPanel,
        inputPanel,
        chat.el,
        fair.records,
        fair.el,
      ),
    ),
  );

  // On a narrow screen the move list comes right under the board and its
  // clock; on a wide one it is beside the board.
  const narrow = matchMedia("(max-width: 860px)");
  const placeMoves = () => {
    if (narrow.matches) stripBottom.after(movesPanel);
    else inputPanel.before(movesPanel);
  };
  narrow.addEventListener("change", placeMoves);
  placeMoves();

  /** tokenToMove is the token this browser holds for the seat to move. */
  const tokens = () => seats.all(id);
  const myToken = (v: GameView): string | undefined => tokens()[v.to_move];
  const anyToken = (): string | undefined => Object.values(tokens())[0];

  async function send(action: string): Promise<boolean> {
    if (!view) return false;
    const tok = myToken(view);
    if (!tok) {
      err.textContent = t("game.notyourturn");
      return false;
    }
    err.textContent = "";
    // The view the move was made in: its legal moves name what was
    // allowed when the server refuses it (moveerror.ts).
    const asked = view;
    try {
      // What the move reveals of the seat's dice nonces (nonce.ts).
      const reveal = await revealFor(asked, asked.to_move);
      const v = await api.play(id, tok, action, asked.seq, reveal);
      show(v);
      return true;
    } catch (e) {
      if (e instanceof NoSecretError) {
        err.textContent = t("game.nosecret", { player: playerLabel(e.player) });
        return false;
      }
      if (e instanceof ApiError && e.code === "stale_sequence") {
        show(await api.get(id));
      }
      err.textContent = moveError(e, action, asked);
      // The board took premoves once the move was made: it takes moves
      // again.
      if (view === asked && board && !settling && browsing < 0) board.update(boardView(asked, asked.position, plies.length ? hist(plies.length) : actionsOf(asked.history), true), false);
      return false;
    }
  }

  /** leaveGame resigns or aborts for a seat this browser holds; a refusal
   * is shown in the error box, and the page catches up with the game. */
  async function leaveGame(l: Leave): Promise<boolean> {
    const tok = tokens()[l.player];
    if (!tok) return false;
    err.textContent = "";
    try {
      show(await api.leave(id, tok, l.kind));
      return true;
    } catch (e) {
      err.textContent = (e as Error).message;
      if (e instanceof ApiError && e.status === 409) {
        try {
          show(await api.get(id));
        } catch {
          /* the feed catches up */
        }
      }
      return false;
    }
  }

  /** claimGone claims the victory or calls a draw for a seat this
   * browser holds, whose opponent left; as leaveGame, a refusal is shown
   * in the error box. */
  async function claimGone(seat: string, what: "victory" | "draw"): Promise<boolean> {
    const tok = tokens()[seat];
    if (!tok) return false;
    err.textContent = "";
    try {
      show(await api.claim(id, tok, what));
      return true;
    } catch (e) {
      err.textContent = (e as Error).message;
      return false;
    }
  }

  /** offer makes, accepts or declines a draw or takeback for a seat this
   * browser holds; as leaveGame, a refusal is shown in the error box and
   * the page catches up with the game. */
  async function offer(kind: OfferKind, seat: string, yes: boolean): Promise<boolean> {
    const tok = tokens()[seat];
    if (!tok) return false;
    err.textContent = "";
    try {
      let v = await api.offer(id, tok, kind, yes);
      // Hot seat: the other seat is this browser's too, a takeback is
      // immediate, not a request to oneself.
      const other = view?.players.find((p) => p !== seat);
      const otherTok = other ? tokens()[other] : undefined;
      if (kind === "takeback" && yes && otherTok && v.takeback_offer === seat) v = await api.offer(id, otherTok, kind, true);
      show(v);
      return true;
    } catch (e) {
      err.textContent = (e as Error).message;
      if (e instanceof ApiError && e.status === 409) {
        try {
          show(await api.get(id));
        } catch {
          /* the feed catches up */
        }
      }
      return false;
    }
  }

  /** askRematch asks for a rematch for the seats given (in hot seat, every
   * seat held); a refusal is shown in the error box. */
  async function askRematch(players: string[]): Promise<boolean> {
    err.textContent = "";
    try {
      for (const p of players) {
        const tok = tokens()[p];
        if (tok) show(await api.rematch(id, tok));
      }
      return true;
    } catch (e) {
      err.textContent = (e as Error).message;
      return false;
    }
  }

  /** declineRematch declines the other player's rematch for the seats
   * given; a refusal is shown in the error box. */
  async function declineRematch(players: string[]): Promise<boolean> {
    err.textContent = "";
    try {
      const tok = tokens()[players[0]];
      if (tok) show(await api.declineRematch(id, tok));
      return true;
    } catch (e) {
      err.textContent = (e as Error).message;
      return false;
    }
  }

  // following: the page is on its way to the rematch.
  let following = false;

  /** follow goes to the rematch, the tokens held kept for its seats. */
  function follow(next: string): void {
    if (following || closed || next === id) return;
    following = true;
    followRematch(id, next).finally(() => {
      if (!closed) go(`/games/${next}`);
    });
  }

  /** plySound is the sound of plies[i]: a roll of the dice, a capture
   * (the SAN says so, or the pieces on the board, or the checkers in
   * Nords Loki, are fewer), else a move. */
  function plySound(game: string, i: number): SoundKind {
    const p = plies[i];
    if (p.player === "chance") return "roll";
    if (p.san?.includes("x")) return "capture";
    const before = i > 0 ? plies[i - 1].position : startPosition;
    return before && captured(game, before, p.position) ? "capture" : "move";
  }

  function boardView(v: GameView, position: string, history: string[], final: boolean): View {
    const you = myToken(v) ? v.players.indexOf(v.to_move) : -1;
    const o = outcome(v.status, v.result);
    return {
      game: v.game,
      position,
      legal: final && you >= 0 && !v.finished ? v.legal : [],
      history,
      toMove: v.to_move === "chance" ? -1 : v.players.indexOf(v.to_move),
      players: v.players,
      over: final && v.finished,
      reason: o?.reason,
      winners: o?.winners.map((w) => v.players.indexOf(w)),
      viewer: you,
      check: final ? v.check : undefined,
      held: v.players.flatMap((p, i) => (tokens()[p] ? [i] : [])),
    };
  }

  // The seats whose seed this page is giving (or gave).
  const seeding = new Set<string>();

  /** seedsDue are the seats this browser holds whose dice seed the game
   * still waits for: those the view lists in awaiting_seeds, and, in a
   * game with dice that waits for a player to join, those without a seed
   * yet (the game then starts as soon as the last seat is taken). */
  function seedsDue(v: GameView): string[] {
    if (v.finished || v.fairness.rolls > 0) return [];
    const held = tokens();
    const dice = info(v.game)?.dice === true;
    return v.seats
      .filter((s) => held[s.player] && !seeding.has(s.player) && (v.awaiting_seeds?.includes(s.player) || (dice && s.kind === "human" && !s.seeded)))
      .map((s) => s.player);
  }

  /** sow gives the seeds a view says are due (a page reloaded between the
   * game's creation and its seeds, a game created elsewhere). */
  function sow(v: GameView): void {
    const due = seedsDue(v);
    if (due.length === 0) return;
    for (const p of due) seeding.add(p);
    giveSeeds(id, due, undefined, v.fairness.scheme).then(
      (nv) => nv && !closed && show(nv),
      (e) => {
        for (const p of due) seeding.delete(p);
        err.textContent = (e as Error).message;
      },
    );
  }

  /** show draws a new state: the moves since the last one shown are
   * played on the board one by one (each roll of a seiðr, each capture). */
  function show(v: GameView): void {
    if (view && v.seq < view.seq) return;
    if (v.rematch) follow(v.rematch);
    sow(v);
    const first = !view;
    const same = view && v.seq === view.seq && v.position === view.position && v.to_move === view.to_move && v.finished === view.finished;
    // moved: the game itself changed (not only an offer or a seat).
    const moved = !view || v.position !== view.position || v.to_move !== view.to_move || v.finished !== view.finished;
    const before = view;
    merge(v.history);
    if (same && view) {
      // Keep the object a render in progress compares with; a field the
      // new state leaves out (an offer gone: the wire omits it) goes.
      for (const k of Object.keys(view) as (keyof GameView)[]) if (!(k in v) && k !== "history") delete view[k];
      Object.assign(view, { ...v, history: view.history });
      v = view;
    } else view = v;
    pending++;
    main.dataset.idle = "false";
    const done = () => {
      pending--;
      if (pending === 0) main.dataset.idle = "true";
    };
    if (same) {
      // The same moment again (a seat joined, the feed caught up): the
      // board stays as it is, with any piece picked or picker open.
      // A newer state on its way (settling) is drawn by its own render:
      // this one must not put an old status over the new board.
      busy = busy
        .then(() => complete(v))
        .then(() => {
          if (v === view && !settling) drawSide(v);
        })
        .catch((e) => console.error(e))
        .finally(done);
      return;
    }
    // A new position: nothing is played until the page shows it; one
    // shown now ends the animation of the one before at once.
    // (A new state after a chance event is the rest of what is shown,
    // not a new move: the rolls go on being shown.)
    if (moved && pending > 1 && before && before.to_move !== "chance") {
      skip();
      hurry = true;
    }
    if (moved) settle(true);
    busy = busy
      .then(() => complete(v))
      .then(() => render(v, first))
      .catch((e) => console.error(e))
      .finally(done);
  }

  /** merge keeps the events the server sent (views carry only the events
   * after the seq a request gave, and the feed sends them one by one). */
  function merge(hist: EventView[] | undefined): void {
    for (const e of hist ?? []) events[e.seq - 1] = e;
  }

  /** seen is the number of events known without a gap. */
  function seen(): number {
    let n = 0;
    while (n < events.length && events[n]) n++;
    return n;
  }

  /** complete fills in the events a view lacks, and gives it the whole
   * history. */
  async function complete(v: GameView): Promise<void> {
    if (seen() < v.seq) {
      const r = await api.events(id, seen());
      merge(r.events);
    }
    v.history = events.slice(0, v.seq).filter(Boolean);
  }

  async function render(v: GameView, first: boolean): Promise<void> {
    if (closed || v !== view) return;
    const gi = info(v.game);
    clear(title, t(gi?.title ?? "game." + v.game), v.rated ? h("span", { class: "rated-mark", id: "rated-mark" }, " · " + t("game.rated")) : null);
    if (!board) {
      board = makeBoard(v.game);
      board.onMove = (m) => send(m);
      // A player sees the board from their own side.
      const mine = Object.keys(tokens());
      if (mine.length === 1 && v.players.indexOf(mine[0]) === 1 && v.game !== "nordsloki") {
        flipped = true;
        board.flip();
        setFlipped(true);
      }
      clear(boardBox, board.el);
    }
    const actions = actionsOf(v.history);
    // A single move more than the board shows (not a roll, not a move
    // taken back): the board slides it in now, quickly, while the replay
    // that names the moves is asked for; the status still changes when
    // it has landed.
    const standing = standingMoves(v.history ?? []);
    const prev = shownActions;
    const single =
      !first && prev !== null && browsing < 0 && v.game !== "nordsloki" && actions.length === prev.length + 1 && prev.every((a, i) => actions[i] === a) && standing[standing.length - 1]?.player !== "chance";
    const early = single ? board.update({ ...boardView(v, v.position, actions, true), slideMs: quickMs }, animationsOn()) : null;
    const replayed = replayOf(v, actions, single);
    if (early) {
      shownActions = actions;
      // Its sound now (a capture: fewer pieces than the position shown),
      // or the end's.
      const before = plies.length ? plies[plies.length - 1].position : startPosition;
      if (v.finished && !shownFinished) playSound("end");
      else playSound(before && captured(v.game, before, v.position) ? "capture" : "move");
      // The status, the buttons and the rest change when the move has
      // landed; the move list, which the replay names, when it answers
      // (the replay is awaited here all the same: the plies of one state
      // are never written over by those of the state before). The move
      // list is not drawn again before that: without the move, it would
      // only delay the status.
      await early;
      if (v === view && !closed) {
        settle(false);
        drawSide(v, false);
      }
      await replayed;
      if (v !== view || closed) return;
      shownPlies = plies.length;
      shownFinished = v.finished;
      drawMoves(v, plies.length);
      return;
    }
    await replayed;
    // The plies since the last state shown are shown one by one (each
    // roll of a seiðr, each step of a turn), the status saying what each
    // did, unless the animations are off, a click skipped them, the
    // player looks at an earlier position, or a clock of a seat this
    // browser holds runs: the server counts that time as the player's.
    const mineRuns = !!v.clock && !v.clock.days_per_move && !!v.clock.running && !!tokens()[v.clock.running] && !v.finished;
    const hurried = hurry;
    hurry = false;
    if (!early && !first && shownPlies >= 0 && plies.length > shownPlies + 1 && animationsOn() && !mineRuns && browsing < 0 && !hurried) {
      skipping = false;
      skipBtn.hidden = false;
      for (let i = shownPlies; i < plies.length - 1 && !skipping; i++) {
        if (v !== view || closed) return;
        status.textContent = statusOfPly(v.game, plies, startPosition, i);
        status.dataset.toMove = "";
        status.dataset.showing = String(i);
        drawMoves(v, i + 1);
        // A step takes stepMs, its animation included (lichess's pace).
        const began = performance.now();
        playSound(plySound(v.game, i));
        await board.update(boardView(v, plies[i].position, hist(i + 1), false), true);
        if (!skipping) await pause(Math.max(0, stepMs - (performance.now() - began)));
      }
      skipBtn.hidden = true;
    }
    if (v !== view || closed) return;
    const history = plies.length ? hist(plies.length) : actions;
    // The board, the status, the move list and the input change together.
    // A single ply more (the step-by-step showing above did not run) is
    // shown quickly.
    const slideMs = plies.length === shownPlies + 1 && plies[plies.length - 1]?.player !== "chance" ? quickMs : undefined;
    const shown = browsing < 0 ? board.update({ ...boardView(v, v.position, history, true), slideMs }, !first) : Promise.resolve();
    shownActions = actions;
    // The last ply's sound, or the end's when the game is over now.
    if (!first && v.finished && !shownFinished) playSound("end");
    else if (!first && plies.length > shownPlies && plies.length > 0) playSound(plySound(v.game, plies.length - 1));
    shownPlies = plies.length;
    shownFinished = v.finished;
    // The status, the buttons, the phase and the dice change together,
    // when the board's animation of the last action ends.
    await shown;
    if (v !== view || closed) return;
    settle(false);
    drawSide(v);
  }

  /** replayOf names the plies of actions (plies, startPosition): a
   * single action more than the plies known is replayed alone, from the
   * last position, when that gives the view's position; else the whole
   * game is. */
  async function replayOf(v: GameView, actions: string[], single: boolean): Promise<void> {
    const from = plies.length ? plies[plies.length - 1].position : startPosition;
    if (single && from && plies.length === actions.length - 1) {
      try {
        const r = await api.replay({ game: v.game, options: v.options, position: from, actions: actions.slice(-1) });
        if (r.plies.length === 1 && r.plies[0].position === v.position) {
          plies = [...plies, r.plies[0]];
          return;
        }
      } catch {
        /* the whole game below */
      }
    }
    try {
      const r = await api.replay({ game: v.game, options: v.options, actions });
      plies = r.plies;
      startPosition = r.start;
    } catch {
      plies = [];
    }
  }

  /** hist is the actions of the first n plies, with the passes after
   * them. */
  function hist(n: number): string[] {
    return plies.slice(0, n).flatMap((p) => [p.action, ...(p.auto ?? [])]);
  }

  /** pause waits between two plies shown; a skip ends it at once. */
  function pause(ms: number): Promise<void> {
    return new Promise((r) => {
      const tm = setTimeout(r, ms);
      skipWake = () => {
        clearTimeout(tm);
        r();
      };
    });
  }

  /** skip shows the state at once: the steps left are not shown, the
   * piece sliding is where it goes. */
  function skip(): void {
    skipping = true;
    skipWake?.();
    skipWake = null;
    board?.finish?.();
  }

  /** settle marks the page on its way to a new state (on) or there: on
   * the way, nothing can be played and the status says so. */
  function settle(on: boolean): void {
    settling = on;
    main.dataset.settled = String(!on);
    if (!on) delete status.dataset.showing;
    if (on) {
      // The move box gets its focus back once the state is there.
      if (document.activeElement === input) refocus = true;
      input.disabled = playBtn.disabled = true;
      clear(suggestions);
      clear(legalBox);
      // The move that ends the game too: the status of the position
      // before it (a call of steel, whose move it is) never stays over
      // the board showing it.
      if (view?.started && !shownFinished) {
        status.textContent = t("status.settling");
        status.dataset.toMove = "";
      }
    }
  }

  /** browse shows the position after ply i, the game going on. */
  function browse(i: number): void {
    if (!view || !board || settling) return;
    if (i >= plies.length - 1 && i === plies.length - 1) {
      backToLive();
      return;
    }
    browsing = i;
    board.update(boardView(view, plies[i].position, hist(i + 1), false), false);
    const said = sayPly(view.game, plies, startPosition, i);
    browseText.textContent = t("game.browse", { move: said.text }) + " ";
    browseBanner.hidden = false;
    input.disabled = playBtn.disabled = true;
    drawMoves(view, plies.length);
  }

  /** backToLive shows the game's position again. */
  function backToLive(): void {
    browsing = -1;
    browseBanner.hidden = true;
    if (!view || !board) return;
    const v = view;
    board.update(boardView(v, v.position, plies.length ? hist(plies.length) : actionsOf(v.history), true), false);
    drawSide(v);
  }

  // A click on the board while plies are shown one by one skips to the
  // state (the board takes no move then).
  boardBox.addEventListener("pointerdown", () => {
    if (!skipBtn.hidden) skip();
  }, true);

  /** drawMoves draws the move list with the first n plies: the turns, and
   * a resignation or abort, an offer or its answer on a line of its own
   * where it happened (the plies are the events with an action that
   * still stand, in order: a move taken back is dropped). */
  function drawMoves(v: GameView, n: number): void {
    const shown = plies.slice(0, n);
    const lines: { after: number; el: HTMLElement }[] = [];
    const standing = new Set(standingMoves(v.history ?? []));
    let count = 0;
    for (const e of v.history ?? []) {
      const line = leaveLine(e);
      const said = line ? null : offerLine(e);
      if (line) lines.push({ after: count, el: h("li", { class: "leave-line", "data-event": e.kind, "data-player": e.player }, line) });
      else if (said) lines.push({ after: count, el: h("li", { class: "offer-line", "data-event": e.kind, "data-player": e.player }, said) });
      else if (e.action && standing.has(e)) count++;
      if (count > n) break;
    }
    const rows = turnLines(v.game, shown, startPosition, turnsOf(v.game, shown, startPosition), browsing, browse, new Set(lines.map((l) => l.after)));
    const out: HTMLElement[] = [];
    let k = 0;
    for (const row of rows) {
      const idx = [...row.querySelectorAll<HTMLElement>("[data-ply]")].map((b) => Number(b.dataset.ply));
      const lo = Math.min(...idx);
      const hi = Math.max(...idx);
      while (k < lines.length && lines[k].after <= lo) out.push(lines[k++].el);
      out.push(row);
      while (k < lines.length && lines[k].after <= hi + 1 && hi + 1 < n) out.push(lines[k++].el);
    }
    while (k < lines.length && lines[k].after <= n) out.push(lines[k++].el);
    clear(movesList, out);
    analysis.markMoves(movesList);
    if (browsing < 0) scrollMoves();
  }

  /** scrollMoves scrolls the move list to its end at the next frame: its
   * height read then, with the layout the frame does anyway, rather than
   * forced at once in the middle of a page being drawn. */
  let scrollDue = false;
  function scrollMoves(): void {
    if (scrollDue) return;
    scrollDue = true;
    requestAnimationFrame(() => {
      scrollDue = false;
      if (browsing < 0) movesList.scrollTop = movesList.scrollHeight;
    });
  }

  /** drawPlayers draws the players with their presence and clocks, in the
   * side panel and above and below the board. */
  function drawPlayers(v: GameView): void {
    const mine = tokens();
    clear(
      playersBox,
      v.seats.map((s) =>
        h(
          "div",
          { class: "player" + (s.player === v.to_move ? " to-move" : ""), "data-player": s.player },
          h("span", null, presenceDot(v, s.player, presence), h("strong", null, playerLabel(s.player)), mine[s.player] && !s.name ? null : [" ", seatLabel(s)], mine[s.player] ? h("span", { class: "you" }, youPlay(s.player)) : null),
          v.clock ? h("span", { class: "clock", "data-clock": s.player }, clockText(v.clock.remaining_ms[s.player] ?? 0, !!v.clock.days_per_move)) : null,
          // A first move is not timed, but must come in time or the game
          // is aborted: its time left, as lichess shows it.
          v.clock?.first_move_ms && s.player === v.to_move && !v.finished
            ? h("span", { class: "first-move", id: "first-move" }, firstMoveText(v.clock.first_move_ms, !!v.clock.days_per_move))
            : null,
        ),
      ),
    );
    // The players above and below the board (a phone shows them there).
    const strips = clockStrip(v, mine, flipped, clockText, firstMoveText, (p) => presenceDot(v, p, presence));
    clear(stripTop, strips.top);
    clear(stripBottom, strips.bottom);
  }

  /** drawSide draws what goes with the state on the board: the status,
   * the players, the buttons, the move box and, unless list is false,
   * the move list. */
  function drawSide(v: GameView, list = true): void {
    sideView = v;
    // Whose turn, or the result.
    const o = outcome(v.status, v.result);
    const you = myToken(v);
    const seeds = !!v.awaiting_seeds?.length;
    if (!v.started && !v.finished) status.textContent = t(seeds ? "status.seeds" : "status.waiting");
    else if (v.to_move === "chance") status.textContent = t("status.chance");
    else if (v.to_move) status.textContent = t("status.turn", { player: playerLabel(v.to_move) }) + (you ? " — " + t("game.yourturn") : "");
    else if (o) status.textContent = resultText(o);
    status.dataset.toMove = v.to_move;
    // The tab says when a seat this browser holds is to move.
    const name = `${t(info(v.game)?.title ?? "game." + v.game)} — Norns`;
    if (v.started && !v.finished && v.to_move && v.to_move !== "chance") status.textContent = settledStatus(v, plies, !!you);
    const turn = yourTurn(v, tokens());
    document.title = turn ? `${t("game.title.yourturn")} — ${name}` : name;
    turnIcon(turn);
    if (o && v.finished) {
      banner.hidden = false;
      clear(banner, resultText(o), reasonShown(o, v.game) ? h("span", { class: "reason" }, " — " + reasonShown(o, v.game)) : null, ratingChanges(v));
    } else banner.hidden = true;
    // The invitations while seats are open, in place of the board.
    boardBox.hidden = waiting.update(v, anyToken());
    // Players and clocks.
    const mine = tokens();
    drawPlayers(v);
    if (list) drawMoves(v, plies.length);
    // Abort or resign, offers and their answers.
    leave.update(v, mine);
    offers.update(v, mine);
    gone.update(v, mine, presence);
    rematch.update(v, mine);
    // The other's rematch offer over the board with the others'.
    const offered = rematch.el.classList.contains("offered");
    if (offered && rematch.el.parentElement !== toasts) {
      toasts.append(rematch.el);
      playSound("offer");
    } else if (!offered && rematch.el.parentElement !== rematchHome) rematchHome.append(rematch.el);
    // A spectator gets no move box.
    inputPanel.hidden = spectator || !anyToken() || v.finished;
    // The legal actions, for typing.
    const can = !!you && !v.finished && v.legal.length > 0 && !settling && browsing < 0;
    input.disabled = playBtn.disabled = !can;
    if (can && refocus) input.focus();
    if (!settling) refocus = false;
    clear(suggestions, can ? v.legal.map((a) => h("option", { value: a })) : null);
    clear(legalBox, can ? [t("game.legal"), ": ", v.legal.slice(0, 80).join(" "), v.legal.length > 80 ? " …" : ""] : v.finished ? "" : statusText(v.status, v.result, seeds, v.game));
    // The record and the fair dice.
    fair.update(v);
    analysis.update(v);
  }

  // Clocks tick locally between updates.
  const tick = setInterval(() => {
    const c = view?.clock;
    const first = main.querySelectorAll(".first-move");
    if (c?.first_move_ms && first.length && !view!.finished) {
      c.first_move_ms = Math.max(0, c.first_move_ms - 1000);
      first.forEach((e) => (e.textContent = firstMoveText(c.first_move_ms!, !!c.days_per_move)));
    }
    if (!c || !c.running || view!.finished) return;
    const el = playersBox.querySelector(`[data-clock="${c.running}"]`);
    if (el) {
      c.remaining_ms[c.running] = Math.max(0, (c.remaining_ms[c.running] ?? 0) - 1000);
      el.textContent = clockText(c.remaining_ms[c.running], !!c.days_per_move);
      main.querySelectorAll(`[data-strip-clock="${c.running}"]`).forEach((e) => (e.textContent = el.textContent));
    }
  }, 1000);

  // The live connection, with reconnection after a drop. The indicator
  // counts the drops noticed in data-drops (the tests read it: a drop can
  // be shorter than any look at the page).
  //
  // A player's page names its seat in the feed's first message, never in
  // the URL: {"type":"auth","token":…}; the server answers with the seat
  // (data-player on the indicator). A token the game refuses ends the
  // feed with an error, shown; the page then follows as a spectator.
  let retry = 0;
  let drops = 0;
  function connect(): void {
    if (closed) return;
    const sock = new WebSocket(api.wsURL(id, seen()));
    ws = sock;
    sock.onopen = () => {
      retry = 0;
      const tok = spectator ? undefined : anyToken();
      if (tok) sock.send(api.wsAuth(tok));
      chat.opened(sock, !!tok);
      conn.textContent = t("game.online");
      conn.classList.remove("down");
    };
    sock.onmessage = (e) => {
      let m: FeedMessage;
      try {
        m = JSON.parse(e.data);
      } catch {
        return;
      }
      if (m.type === "event" && m.event) merge([m.event]);
      else if (m.type === "rematch" && m.id) follow(m.id);
      else if (m.type === "watchers") {
        const n = Number(m.count ?? 0);
        watchers.hidden = n === 0;
        watchers.dataset.count = String(n);
        watchers.textContent = t("game.watchers", { n });
        presence = presenceOf(m.online, m.gone_ms, Date.now());
        if (sideView) drawPlayers(sideView);
        gone.update(sideView, tokens(), presence);
      }
      else if (m.type === "state" && m.game) show(m.game);
      else if (m.type === "auth") {
        conn.dataset.player = String(m.player ?? "");
        chat.received(m);
      } else if (m.type === "chat" || m.type === "room") chat.received(m);
      else if (m.type === "error") {
        err.textContent = errorText(m.error ?? {});
        if (m.error?.code === "bad_token") spectator = true;
      }
    };
    sock.onclose = () => {
      if (closed) return;
      conn.textContent = t("game.offline");
      conn.classList.add("down");
      conn.dataset.drops = String(++drops);
      retry++;
      setTimeout(connect, Math.min(500 * 2 ** Math.min(retry, 4), 8000));
    };
  }

  // An invitation of a seat this browser holds already: forget the link.
  (async () => {
    try {
      if (invite) history.replaceState(null, "", `/games/${id}`);
      let v = await api.get(id, anyToken());
      // A signed-in player's game opened on a device that holds no token
      // of it: the account's seat gets one here (docs/accounts.md).
      if (me && !anyToken() && v.seats?.some((s) => s.name === me?.name)) {
        try {
          const r = await accountApi.seat(id);
          seats.add(id, r.player, r.token);
          v = r.game;
        } catch {
          // Another player of the same name: this page follows the game.
        }
      }
      show(v);
    } catch (e) {
      // An invitation that opens no seat: say so, never a silent
      // spectator's view.
      const problem = invite ? inviteProblem(id, e) : null;
      if (problem) {
        document.title = `${t("invite.title")} — Norns`;
        clear(main, problem);
        return;
      }
      if (e instanceof ApiError && e.code === "game_not_found") {
        notFound(main, { kind: "game", id });
        return;
      }
      err.textContent = (e as Error).message;
      clear(title, t("game.notfound"));
      if (e instanceof ApiError && e.status === 404) return;
    }
    connect();
  })();

  setFlipped(false);
  return () => {
    closed = true;
    narrow.removeEventListener("change", placeMoves);
    clearInterval(tick);
    gone.stop();
    analysis.close();
    turnIcon(false);
    ws?.close();
  };
}


/** firstMoveText is the time left for the first move ("first move: 0:40
 * left"). */
function firstMoveText(ms: number, days: boolean): string {
  return t("clock.firstmove", { time: clockText(ms, days) });
}

/** captured says whether a ply from position a to b took something: in
 * the board games fewer pieces on the board (a chess position's first
 * field, before a Samurai hand in brackets; a tafl board), in Nords Loki
 * a checker hit, which goes back to wait: a player has more waiting. */
function captured(game: string, a: string, b: string): boolean {
  if (game === "nordsloki") {
    // p1=<board>/<waiting>/<off>/<lives>, waiting "-" or groups "K12W".
    const waiting = (pos: string) => {
      const out: Record<string, number> = {};
      for (const m of pos.matchAll(/(p\d)=[^/ ]*\/([^/ ]*)\//g)) {
        out[m[1]] = [...m[2].matchAll(/(\d*)[KWR]/g)].reduce((n, g) => n + (g[1] ? Number(g[1]) : 1), 0);
      }
      return out;
    };
    const x = waiting(a);
    const y = waiting(b);
    return Object.keys(y).some((p) => y[p] > (x[p] ?? 0));
  }
  const pieces = (pos: string) => (pos.split(" ")[0].split("[")[0].match(/[A-Za-z]/g) ?? []).length;
  return pieces(b) < pieces(a);
}

/** ratingChanges lists each player's rating change at the end of a rated
 * game, as lichess shows it: "Ann 1500? → 1741? (+241)". */
function ratingChanges(v: GameView): HTMLElement | null {
  if (!v.rated) return null;
  if (!v.ratings?.length) return h("p", { class: "rating-changes muted", id: "rating-changes" }, t("game.rated.pending"));
  return h(
    "ul",
    { class: "rating-changes", id: "rating-changes", "aria-label": t("game.rated.changes") },
    v.ratings.map((r) => {
      const mark = r.provisional ? "?" : "";
      const sign = r.change > 0 ? "+" : r.change < 0 ? "−" : "±";
      return h(
        "li",
        { "data-player": r.player, "data-change": String(r.change) },
        h("a", { href: `/@/${encodeURIComponent(r.name ?? "")}` }, r.name || playerLabel(r.player)),
        ` ${r.before} → ${r.after}${mark} `,
        h("strong", { class: r.change > 0 ? "up" : r.change < 0 ? "down" : "" }, `(${sign}${Math.abs(r.change)})`),
      );
    }),
  );
}

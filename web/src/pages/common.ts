// Texts shared by the pages: seat names, statuses and results, and whether
// a game waits for a move of this browser.

import { has, t } from "../i18n";
import { GameView, SeatView } from "../api";
import { info } from "../games";

/** playerLabel names a seat for people ("White", "Player 2"). */
export function playerLabel(player: string): string {
  return has("player." + player) ? t("player." + player) : player;
}

/** playerOf names a seat in the genitive, for "seed of", "chances of"
 * ("белых", "игрока 2" in Russian); other seats as playerLabel. */
export function playerOf(player: string): string {
  const keys: Record<string, string> = { white: "gen.white", black: "gen.black", p1: "gen.p1", p2: "gen.p2", p3: "gen.p3" };
  return keys[player] ? t(keys[player]) : playerLabel(player);
}

/** youPlay tells a player which seat is theirs ("вы играете белыми"). */
export function youPlay(player: string): string {
  const keys: Record<string, string> = { white: "you.white", black: "you.black", p1: "you.p1", p2: "you.p2", p3: "you.p3" };
  return keys[player] ? t(keys[player]) : t("game.you");
}

/** sanText writes a move of SAN with the piece letters of the reader's
 * language, as its chess books do ("Кf3", "bxa8=Ф" in Russian); a text
 * that is not SAN (a roll, a step) has no capital piece letters and stays
 * as it is, and so does castling (O-O). */
export function sanText(san: string): string {
  const keys: Record<string, string> = { K: "san.king", Q: "san.queen", R: "san.rook", B: "san.bishop", N: "san.knight" };
  return san.replace(/[KQRBN]/g, (c) => t(keys[c]));
}

/** moveSAN writes a move in coordinates ("g1f3", "e7e8q") of a chess game
 * as SAN from the position before it (its FEN's board first): the piece,
 * a capture, the square, a promotion. It does not tell two pieces apart
 * that reach one square, nor mark a check: enough to name the AI's
 * preferred move beside the moves played. Anything else stays as it is. */
export function moveSAN(position: string, move: string): string {
  const m = /^([a-h])([1-8])([a-h])([1-8])([qrbn])?$/.exec(move);
  if (!m) return move;
  let board = position.split(" ")[0] ?? "";
  if (board.includes("[")) board = board.slice(0, board.indexOf("["));
  const ranks = board.split("/");
  if (ranks.length !== 8) return move;
  const at = (file: string, rank: string): string => {
    const row = ranks[8 - Number(rank)];
    let col = 0;
    for (const c of row) {
      if (/\d/.test(c)) col += Number(c);
      else {
        if (col === file.charCodeAt(0) - 97) return c;
        col++;
      }
      if (col > file.charCodeAt(0) - 97) return "";
    }
    return "";
  };
  const p = at(m[1], m[2]);
  if (!p) return move;
  const type = p.toUpperCase();
  const target = at(m[3], m[4]);
  if (type === "K" && m[1] === "e" && (m[3] === "g" || m[3] === "c") && m[2] === m[4]) return m[3] === "g" ? "O-O" : "O-O-O";
  if (type === "P") {
    const capture = m[1] !== m[3];
    return sanText(`${capture ? m[1] + "x" : ""}${m[3]}${m[4]}${m[5] ? "=" + m[5].toUpperCase() : ""}`);
  }
  return sanText(`${type}${target ? "x" : ""}${m[3]}${m[4]}`);
}

/** seatLabel tells who sits in a seat. */
export function seatLabel(s: SeatView): string {
  if (s.kind === "ai") return t("seat.ai", { level: levelLabel(s.level ?? "") });
  if (s.kind === "open") return t("seat.open");
  return s.name || t("seat.human");
}

export function levelLabel(level: string): string {
  const keys: Record<string, string> = { easy: "level.easy", medium: "level.medium", hard: "level.hard" };
  return keys[level] ? t(keys[level]) : level;
}

/** optionLabel is a game option's label in the reader's language (the
 * catalog's "option.<name>"), else the server's help, else its name. */
export function optionLabel(name: string, help?: string): string {
  return has("option." + name) ? t("option." + name) : help || name;
}

/** optionTitle is the short form of optionLabel: the label up to its
 * first rule number or explanation ("Quiet-turn limit (house rule 3.2): a
 * draw after…" gives "Quiet-turn limit"). */
export function optionTitle(name: string, help?: string): string {
  const label = optionLabel(name, help);
  const cut = [" (", ":", " — "].map((sep) => label.indexOf(sep)).filter((i) => i > 0);
  return cut.length ? label.slice(0, Math.min(...cut)) : label;
}

/** optionValueLabel translates an option's value written in words ("on",
 * "white-loses"); numbers and codes ("50", "QRBN", "sea11") stay as they
 * are. */
export function optionValueLabel(value: string): string {
  return has("option.value." + value) ? t("option.value." + value) : value;
}

/** valueLabel is an option's value in the reader's language: a tafl
 * layout by its shape, a Samurai deck by its cards, else optionValueLabel. */
export function valueLabel(option: string, value: string): string {
  const layouts: Record<string, string> = {
    sea11: "layout.sea11", copenhagen11: "layout.copenhagen11", sea9: "layout.sea9", sea9circle: "layout.sea9circle",
    sea13: "layout.sea13", fetlar11: "layout.fetlar11", brandubh7: "layout.brandubh7", tablut9: "layout.tablut9",
  };
  if (option === "layout" && layouts[value]) return t(layouts[value]);
  if (option === "deck" && /^(Q{0,2})(R{0,2})(B{0,2})(N{0,2})$|^-$/.test(value)) {
    if (value === "-" || value === "") return t("deck.none");
    const cards: [string, string][] = [["Q", "deck.queen"], ["R", "deck.rook"], ["B", "deck.bishop"], ["N", "deck.knight"]];
    return cards.map(([c, k]) => [k, value.split(c).length - 1] as const).filter(([, n]) => n > 0).map(([k, n]) => t(k, { n })).join(", ");
  }
  return optionValueLabel(value);
}

/** reasonLabel translates a result's reason phrase; game, when given,
 * picks a game's own word: a tafl king is immobilised (Sea Hnefatafl's
 * seed) or taken, not eaten as in Lux et Umbra. */
export function reasonLabel(reason: string, game = ""): string {
  if (reason === "king captured" && game === "seidr") return t("seidr.reason.captured");
  if (reason === "king captured" && info(game)?.board === "tafl") return t(game === "seatafl" ? "tafl.reason.immobilised" : "tafl.reason.captured");
  const key = "reason." + reason.replace(/ /g, "-");
  return has(key) ? t(key) : reason;
}

/** Outcome is a finished game's result read from the server's status. */
export interface Outcome {
  kind: "win" | "draw" | "unfinished";
  winners: string[];
  points: number;
  reason: string;
}

/** outcome reads the status ("over white 1", "over draw p1 p2") and the
 * result ("white wins (checkmate)") of a finished game. */
export function outcome(status: string, result: string): Outcome | null {
  if (!status.startsWith("over")) return null;
  const words = status.split(" ").slice(1);
  const rm = /\(([^)]*)\)\s*$/.exec(result);
  const reason = rm ? rm[1] : "";
  if (words[0] === "draw") return { kind: "draw", winners: words.slice(1), points: 0, reason };
  if (words[0] === "unfinished" || words.length === 0) return { kind: "unfinished", winners: [], points: 0, reason };
  let points = 0;
  if (words.length > 1 && /^[\d.]+$/.test(words[words.length - 1])) points = Number(words.pop());
  return { kind: "win", winners: words, points, reason };
}

/** resigned is the side that resigned a game of White and Black, "" for
 * any other result. */
function resigned(o: Outcome): string {
  if (o.kind !== "win" || o.reason !== "resignation" || o.winners.length !== 1) return "";
  return o.winners[0] === "white" ? "black" : o.winners[0] === "black" ? "white" : "";
}

/** reasonShown is the reason a banner shows after resultText: none when
 * resultText already says it ("Белые сдались"). */
export function reasonShown(o: Outcome, game = ""): string {
  return o.reason && !resigned(o) ? reasonLabel(o.reason, game) : "";
}

/** resultText is a result banner's text. */
export function resultText(o: Outcome): string {
  const who = o.winners.map(playerLabel).join(", ");
  const r = resigned(o);
  if (r) return t(r === "white" ? "status.resigned.white" : "status.resigned.black");
  let text: string;
  if (o.kind === "win") text = o.points ? t("status.win.points", { player: who, n: o.points }) : t("status.win", { player: who });
  else if (o.kind === "draw") text = t("status.draw") + (who ? ": " + who : "");
  else text = t("status.unfinished");
  return text;
}

/** statusText describes a game's state in a list; seeds says that a game
 * waiting to start has every seat taken and waits for the players' dice
 * seeds. */
export function statusText(status: string, result: string, seeds = false, game = ""): string {
  if (status === "waiting") return t(seeds ? "status.seeds" : "status.waiting");
  if (status === "chance") return t("status.chance");
  if (status.startsWith("turn ")) return t("status.turn", { player: playerLabel(status.slice(5)) });
  const o = outcome(status, result);
  if (o) {
    const why = reasonShown(o, game);
    return resultText(o) + (why ? ` (${why})` : "");
  }
  return status;
}

/** yourTurn reports whether a game under way waits for a move of a seat
 * whose token this browser holds. */
export function yourTurn(v: GameView, held: Record<string, string>): boolean {
  return v.started && !v.finished && v.to_move !== "chance" && !!held[v.to_move];
}

/** clockText is a clock's time: m:ss, or for a correspondence clock days
 * and hours ("2 d 23 h"), hours and minutes in the last day. */
export function clockText(ms: number, days: boolean): string {
  if (days) {
    // Whole minutes left: a clock never shows more time than it has.
    const min = Math.floor(ms / 60000);
    const d = Math.floor(min / 1440);
    const hr = Math.floor((min % 1440) / 60);
    return d > 0 ? t("clock.days", { d, h: hr }) : t("clock.hours", { h: hr, m: min % 60 });
  }
  const s = Math.ceil(ms / 1000);
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

// What a player is told when the server refuses a move: a sentence in
// the reader's language, never the game's internal message. A move not
// written in the game's notation is "not a move of this game" (with an
// example of how moves are written); a move the rules do not allow now
// is "not legal now", and when the dice rolled for the turn the moves
// they allow are named, without claiming the dice are what forbids it (a
// move of Seiðr chess's quiet phase, which no die decides, is only "not
// legal now").

import { t } from "./i18n";
import { ApiError, GameView } from "./api";
import { info } from "./games";

/** shown is how many legal moves a sentence names at most. */
const shown = 12;

/** listOf writes up to shown moves, with "…" when there are more. */
function listOf(legal: string[]): string {
  return legal.slice(0, shown).join(", ") + (legal.length > shown ? ", …" : "");
}

/** moveErrorText is the sentence for a refused move: code is the API
 * error's code, move the move as typed (or clicked), legal the legal list
 * of the view the move was made in, game the game's name; rolled says
 * that dice rolled for the turn (by default: the game has dice). */
export function moveErrorText(code: string, move: string, legal: string[], game: string, rolled?: boolean): string {
  const dice = rolled ?? info(game)?.dice === true;
  switch (code) {
    case "malformed_action":
      return t("move.malformed", { move }) + (legal.length ? " " + t("move.example", { example: legal[0] }) : "");
    case "illegal_action":
      return dice && legal.length ? t("move.illegal.dice", { move, list: listOf(legal) }) : t("move.illegal", { move });
    case "not_your_turn":
      return t("game.notyourturn");
    case "stale_sequence":
    case "conflict":
      return t("move.stale");
  }
  return t("error." + code) === "error." + code ? t("move.refused") : t("error." + code);
}

/** rolledForTurn says whether the dice rolled for the turn of the seat
 * to move: a roll comes in the history after the last move of another
 * seat. */
export function rolledForTurn(v: GameView): boolean {
  const hist = v.history ?? [];
  for (let i = hist.length - 1; i >= 0; i--) {
    const e = hist[i];
    if (e.kind === "roll") return true;
    if (e.kind === "move" && e.player !== v.to_move) return false;
  }
  return false;
}

/** moveError is moveErrorText for whatever a move's request threw: an
 * API error, or a failure of the network (its message). */
export function moveError(e: unknown, move: string, v: GameView): string {
  if (e instanceof ApiError) return moveErrorText(e.code, move, v.legal ?? [], v.game, info(v.game)?.dice === true && rolledForTurn(v));
  return String((e as Error)?.message ?? e);
}

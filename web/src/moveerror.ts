// What a player is told when the server refuses a move: a sentence in
// the reader's language, never the game's internal message. A move not
// written in the game's notation is "not a move of this game" (with an
// example of how moves are written); a move the rules do not allow now
// is "not legal now", and in a game with dice the moves the roll allows
// are named, without claiming the dice are what forbids it.

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
 * of the view the move was made in, game the game's name. */
export function moveErrorText(code: string, move: string, legal: string[], game: string): string {
  const dice = info(game)?.dice === true;
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

/** moveError is moveErrorText for whatever a move's request threw: an
 * API error, or a failure of the network (its message). */
export function moveError(e: unknown, move: string, v: GameView): string {
  if (e instanceof ApiError) return moveErrorText(e.code, move, v.legal ?? [], v.game);
  return String((e as Error)?.message ?? e);
}

// What the web app knows of each game beyond the server's catalog: its
// board, its rules page and its description keys.

import { ChessLike } from "./boards/chesslike";
import { Loki } from "./boards/loki";
import { Tafl } from "./boards/tafl";
import { GameBoard } from "./boards/types";

export interface GameInfo {
  name: string;
  rules?: string;
  desc: string;
  title: string;
  start: string;
  /** dice says whether the game rolls dice (and so shows their fairness). */
  dice: boolean;
}

export const gameInfo: GameInfo[] = [
  { name: "seidr", dice: true, rules: "seidr.md", title: "game.seidr", desc: "game.seidr.desc", start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 1 1 quiet -" },
  { name: "luxumbra", dice: true, rules: "lux-et-umbra.md", title: "game.luxumbra", desc: "game.luxumbra.desc", start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 LS" },
  { name: "samurai", dice: false, rules: "samurai-chess.md", title: "game.samurai", desc: "game.samurai.desc", start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPPkqrbnpp/QRBN] w KQkq - 0 1" },
  { name: "seatafl", dice: false, rules: "sea-hnefatafl.md", title: "game.seatafl", desc: "game.seatafl.desc", start: "/3ttttt3/5t5/5T5/t4T4t/t4T4t/ttTTTKTTTtt/t4T4t/t4T4t/5T5/5t5/3ttttt3/ b" },
  {
    name: "nordsloki",
    dice: true,
    rules: "nords-loki.md",
    title: "game.nordsloki",
    desc: "game.nordsloki.desc",
    start: "p1=1:K,3:2W,7:W,11:3W/6W/0/7 p2=5:K,9:2W,12:W,22:W/8W/0/6 ghosts=4,13 first=p1 turns=4 move:p1:6-4-1:-",
  },
  { name: "chess", dice: false, title: "game.chess", desc: "game.chess.desc", start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
];

export function info(name: string): GameInfo | undefined {
  return gameInfo.find((g) => g.name === name);
}

/** makeBoard returns the board of a game. */
export function makeBoard(game: string): GameBoard {
  switch (game) {
    case "seatafl":
      return new Tafl();
    case "nordsloki":
      return new Loki();
    default:
      return new ChessLike(game);
  }
}

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
  /** board is the kind of board that draws the game: a tafl board, the
   * ring of Nords Loki, or (by default) a chess board. */
  board?: "tafl" | "loki";
  /** corners says that a tafl game's corners are special squares (only
   * the king may stop on them; the king escapes there). */
  corners?: boolean;
}

export const gameInfo: GameInfo[] = [
  { name: "seidr", dice: true, rules: "seidr.md", title: "game.seidr", desc: "game.seidr.desc", start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 1 1 quiet -" },
  { name: "luxumbra", dice: true, rules: "lux-et-umbra.md", title: "game.luxumbra", desc: "game.luxumbra.desc", start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 LS" },
  { name: "samurai", dice: false, rules: "samurai-chess.md", title: "game.samurai", desc: "game.samurai.desc", start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[KQRBNPPkqrbnpp/QRBN] w KQkq - 0 1" },
  { name: "seatafl", dice: false, board: "tafl", rules: "sea-hnefatafl.md", title: "game.seatafl", desc: "game.seatafl.desc", start: "/3ttttt3/5t5/5T5/t4T4t/t4T4t/ttTTTKTTTtt/t4T4t/t4T4t/5T5/5t5/3ttttt3/ b" },
  { name: "copenhagen", dice: false, board: "tafl", corners: true, rules: "copenhagen-hnefatafl.md", title: "game.copenhagen", desc: "game.copenhagen.desc", start: "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/ b" },
  { name: "fetlar", dice: false, board: "tafl", corners: true, rules: "fetlar-hnefatafl.md", title: "game.fetlar", desc: "game.fetlar.desc", start: "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/ b" },
  { name: "brandubh", dice: false, board: "tafl", corners: true, rules: "brandubh.md", title: "game.brandubh", desc: "game.brandubh.desc", start: "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ b" },
  { name: "tablut", dice: false, board: "tafl", rules: "tablut.md", title: "game.tablut", desc: "game.tablut.desc", start: "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ b" },
  {
    name: "nordsloki",
    dice: true,
    board: "loki",
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
  const g = info(game);
  switch (g?.board) {
    case "tafl":
      return new Tafl(g.corners ?? false);
    case "loki":
      return new Loki();
    default:
      return new ChessLike(game);
  }
}

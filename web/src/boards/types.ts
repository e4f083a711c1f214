// What every board is given and what it does.

/** View is one moment of a game as the server describes it. */
export interface View {
  game: string;
  position: string;
  /** legal is the actions this viewer may play now (empty when it is not
   * their turn), in the game's notation. */
  legal: string[];
  /** history is every action so far, in the game's notation. */
  history: string[];
  /** toMove is the seat to move, -1 at a chance event, -2 when over. */
  toMove: number;
  players: string[];
  over: boolean;
  reason?: string;
  winners?: number[];
  /** viewer is the seat the viewer plays, or -1. */
  viewer: number;
  /** check are the squares of the kings in check (the server's view). */
  check?: string[];
  /** held are the seats this browser holds (a player's premoves while
   * the opponent is to move; none for a spectator). */
  held?: number[];
  /** slideMs is how long the pieces of this update slide or fade (the
   * board's own pace when absent): a single move is shown quickly, the
   * steps of a turn at the pace of one step each. */
  slideMs?: number;
}

/** GameBoard draws a game's board and the things beside it. */
export interface GameBoard {
  el: HTMLElement;
  update(v: View, animate: boolean): Promise<void>;
  flip(): void;
  /** finish ends the animation in progress at once, if the board has
   * one. */
  finish?(): void;
  onMove: (text: string) => void;
}

// Package ai holds the agents that play any game through the game
// interface: they see only game.State, never a game's own package.
//
// # Agents
//
// New returns the agent for a strength level (easy, medium, hard),
// "random" or "greedy" (and the legacy levels, below). Agents implement
// Agent: Choose returns an action for the player to move without changing
// the state it is given, and
// stops early, with its best action so far, when its context is done.
// An agent belongs to one game at a time and is not safe for concurrent
// use; the searchers keep what they learnt (the MCTS tree, the alpha-beta
// transposition table) from one move to the next.
//
//   - Random plays a uniformly random legal action.
//   - Greedy looks one action ahead and plays the one whose result the
//     game's evaluation (game.Evaluator) likes best for the mover,
//     averaging over a chance event that follows.
//   - MCTS is UCT over per-player return vectors, so it plays games of
//     two or three players. In a game with an evaluation the levels
//     (but Seiðr's medium and hard, where playouts measured better) expand a
//     node with all its children at once, each scored by the evaluation
//     (MCTSConfig.ExpandAll): a decision node backs up its
//     best child, a chance node the expectation over its outcomes, which
//     later visits follow in proportion to their probabilities. Without
//     it, a node grows one child per iteration, chance outcomes are
//     sampled, and a playout runs a few random plies (or to the end, in
//     a game without an evaluation); where a choice is small, a new node
//     first tries, and a playout takes, an action that wins at once. It
//     keeps its tree between moves; several workers may search separate
//     trees whose visit counts are added (root parallelism).
//   - AlphaBeta is iterative-deepening minimax with alpha-beta pruning
//     for two players, a transposition table keyed by the game's Zobrist
//     hash (game.Hasher), move ordering (the table's move, killers,
//     history), and a quiescence search over the actions that raise the
//     mover's evaluation (captures, in the chess games). Chance events
//     are averaged over their outcomes (expectiminimax).
//   - A game may bring its own search (Native), listed by name in
//     games/searches (NewWith takes the list; games/searches.NewAgent
//     passes it, New passes none). Searcher is the one interface of the
//     generic searches and the games' own: an Agent that reports
//     LastStats. Orthodox chess brings one (games/chess/search: Searcher,
//     a principal-variation search on the chess board with its own
//     evaluation, far faster and deeper than the generic alpha-beta over
//     game.State). The medium and hard levels play chess with it, medium
//     at NativeMediumNodesOf nodes a move (5,000 in chess; at most, also
//     under a time budget) and hard for HardTime; its agent keeps its
//     transposition table from one move to the next. Chess's easy level
//     is the same search made small and a little random (Native.Easy).
//     With a game clock (Config.ClockLeft and ClockIncrement, or
//     Clocked.SetClock) the search shares out the clock instead of a
//     fixed time a move (NativeClock). The levels "legacy-easy",
//     "legacy-medium" and "legacy-hard" (Config.Legacy) are the levels as
//     they were before, with the generic search, kept to measure against.
//     The tafl games bring one too (games/tafl/search: Searcher, a
//     principal-variation search on the tafl board with an evaluation of
//     the king's escape routes). So does Lux et Umbra
//     (games/luxumbra/search: Searcher, expectiminimax over the roll with
//     Star1 and Star2 pruning on the chess board and the chess
//     evaluation). So does Seiðr chess (games/seidr/search: Searcher,
//     expectiminimax over whole turns with Star1 at the die's rolls, the
//     seiðr's later rolls sampled), for its medium level only: its hard
//     level keeps the MCTS, which measured stronger at hard's budget
//     (override HardGeneric). Nords Loki plays a learned evaluation one
//     or two turns ahead (games/nordsloki/search), with konungs only.
//     Samurai chess keeps the generic search and its own evaluation.
//
// # Choosing the algorithm
//
// A level's agent chooses its algorithm the first time it moves, from the
// game's metadata only (PlanFor): alpha-beta for a two-player game with
// an evaluation that is deterministic or whose chance events have few
// outcomes (ExpectimaxOutcomes; Lux et Umbra's three rolls), MCTS
// otherwise; the easy level is (but in chess, above)
// greedy where the game has an evaluation and a 100-iteration MCTS where
// it has none. Config.Algorithm overrides the choice.
//
// # Budgets and reproducibility
//
// The medium level searches for MediumTime per move and the hard level
// for HardTime (within the 2 s a player waits), with two MCTS workers.
// In the three dice games, where time buys the search little, medium
// searches a fixed small count instead (the overrides table), so that the
// three levels stay apart; the table's comment gives the measurements.
// Config.Time and Config.Iterations replace the level's budget:
// Iterations counts MCTS iterations or alpha-beta nodes, and an agent
// with an Iterations (or Depth) budget and no Time is reproducible from
// its Seed, whatever the number of workers and the machine's load.
//
// # Agent specifications
//
// ParseSpec reads the compact form the arena command uses:
// "hard", "legacy-hard:iters=100000", "medium:time=200ms",
// "mcts:iters=2000,workers=2", "alphabeta:depth=4".
package ai

// Package analysis looks back at a game: each move's evaluation as a win
// probability, the moves that lost most marked as inaccuracies, mistakes
// or blunders with the AI's preferred move, and, in the dice games, the
// luck of each roll apart from the skill of each choice.
//
// It knows games only through game.State, as package ai does.
//
// # Win probabilities
//
// A value is a vector of each player's win probability (expected share of
// the win), summing to 1. A finished position gives the winners their
// share of 1 and the others 0; a draw shares it among the players in it.
// Elsewhere the game's evaluation (game.Evaluator: a score per player in
// [-1, 1]) becomes a share through a softmax of the scores times
// Sharpness/2: for two players that is the logistic function of
// Sharpness times the score, so that in chess a queen (0.225) is worth
// about a third of the game, a pawn a twentieth. A game without an
// evaluation values every position the same.
//
// # The search
//
// Value searches a position Depth plies deep (a roll counts as a ply):
// at a decision the mover keeps the child whose value is best for the
// mover (max^n, so three players need no special case; in a two-player
// game alpha-beta pruning gives the same values faster), at a roll the
// outcomes are averaged by their probabilities, and at the leaves the
// evaluation scores the position, after a quiescence search (at most
// QuiescencePlies) of the actions that raise the mover's evaluation at
// once, so that a leaf in the middle of an exchange is valued as the
// exchange ends. The search is exhaustive to its depth and capped at
// MaxNodes nodes (each evaluation of the quiescence search counted as
// one), so that its result depends on the position only, never on the
// machine or its load.
//
// # A game analysed
//
// Analyze replays a state's history from its start. At each decision
// with a choice the AI (package ai's hard level at a fixed Budget, with
// one worker, reproducible from Seed) names its preferred move; the position after it and the one after
// the move played are valued alike, the position before is worth the
// better of the two, and the mover's Loss is how much less the move
// played is worth. Losses of Inaccuracy, Mistake and Blunder or more are
// marked. At a roll the position before is worth the expectation over the
// outcomes, each valued ChanceDepth plies deep, and each player's Luck is
// the value of the outcome rolled less that expectation: over the
// outcomes luck averages to zero, and over the players a roll's luck sums
// to zero. A player's summary adds up the luck of the rolls and the
// losses of the choices, and gives an accuracy in percent.
//
// Config.Actions bounds the work: only the game's first Actions actions
// are analysed, and the Analysis says it is Partial. An Analyzer does the
// work an action at a time (Step), so that a server can cut it into
// pieces and share one processor among several analyses; Analyze runs
// one to its end.
package analysis

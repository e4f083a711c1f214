// Package search is Seiðr chess's own search, over the rules and the
// board of games/seidr.
//
// The medium level plays with the package's own search; the hard level
// keeps the ai package's MCTS, which measured stronger at hard's budget
// (docs/ai-strength.md). The search
// (Native, NewLevelSearch; Agent, Searcher): expectiminimax over whole turns on a copy of the position,
// the quiet move and the call of steel choices (alpha-beta, with a
// transposition table kept from one move to the next of a game and move
// ordering: the table's move, then history; captures by the victim's
// value), the die's rolls chance nodes pruned with *-minimax (Star1) bounds,
// which give the value plain expectiminimax gives. The faces that leave
// the board are one child of their number's weight (2B.2). A seiðr is
// expanded over all eight faces for its first rolls and sampled after:
// one face, drawn from the position, the roll's number and the seed,
// stands for the die, so that every line of rolls is followed to the
// seiðr's end and the search is reproducible from its seed at a node
// budget. Iterative deepening first searches one turn with one, two, up
// to five rolls expanded (from the third, only the best moves so far:
// every such value estimates the same expectation, with less noise), then
// two turns and more. A king within reach of the call of steel is taken.
//
// The evaluation at the horizon, for the player about to make the quiet
// move, is the model's chance of winning with the chess evaluation
// (games/chess/search.Eval: tapered piece-square tables, mobility, king
// safety, pawn structure) added to its logit (seidr.Logit, searchEval),
// scaled to the search's values, a king taken counting more than any
// evaluation.
package search

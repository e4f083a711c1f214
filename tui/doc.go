// Package tui is the terminal client of Norns, `norns play`: every game on a
// board drawn in text, played with the arrow keys or by typing moves, against
// the AI or between people at one keyboard. It is a Bubble Tea program.
//
// # The model
//
// Model holds a game state, which seats people play (the others are the
// AI's), the dice generator, the move list and what the screen shows. Its
// Update takes key presses, the AI's moves, the rolls and the window's
// size; Render (and View) draws the screen as text. Tests drive Update and
// read Render without a terminal.
//
// After every change the model starts what comes next: a chance event is
// rolled by the program after Config.RollDelay (so that Seiðr's rolls and
// the slides they cause are seen one by one), seeded by Config.Seed or, with
// none, at random; the AI's move is searched in a command, with a spinner
// shown meanwhile, and is dropped if the player takes moves back while it
// thinks.
//
// # Input
//
//   - Arrow keys and Enter point at squares: first the piece (or, in Nords
//     Loki, the field or the waiting checkers), then its destination. Only
//     squares through which a legal action goes are taken; the squares the
//     selection can reach are marked. When several actions go the same way
//     (promotions; a konung and a warrior on one ship) the list opens with
//     just those. Enter on the selected square drops it, Esc too.
//   - Typed text and Enter is read by the game's ParseAction, so every
//     notation the game reads works (UCI and SAN for the chess family).
//     The words undo, quit, save [FILE] and help are commands. Pasted text
//     goes to the input line.
//   - ? opens the list of legal actions (arrows and Enter play one); u takes
//     back the person's last decision with the AI's replies and the rolls
//     after it (people only: the last decision); Ctrl+C quits; at the end of
//     the game q quits too.
//   - The keys and the typed text are read in the Russian ЙЦУКЕН layout
//     too: each Cyrillic letter stands for the Latin key it shares (г is
//     u, й is q, «у2у4» is e2e4, «Та3» Nf3, «Ц0/3» W0/3, «гтвщ» undo).
//     A typed line is first read as it is, then in the Latin layout; the
//     chat line is never rewritten.
//
// # Screen
//
// The title names the game and the seats, the board is on the left, and on
// the right the status (whose move, or the result and its reason), the AI's
// spinner, the last message (the roll, the AI's move, an error), the game's
// own lines (Seiðr's phase and carrier, Samurai's hands and deck, Lux et
// Umbra's dice, Nords Loki's waiting checkers, trays, lives and dice) and
// the move list, one line per turn. The keys are on the last lines. Every
// text a person reads comes from the i18n catalog (English or Russian);
// the notation is never translated, but the chance outcomes whose codes
// are none are said in words (Lux et Umbra's dice "Light and Shadow",
// Nords Loki's first player; a roll of Nords Loki's dice says whose it
// is), and so is a pass. No error shows a game's or the server's English
// text on a Russian screen: a refused move says why by the error's kind
// (not a move of this game, with an example; not legal now), the server's
// answers show their message in the player's language and never their
// English detail, and ErrorText says every other error in the language.
// The screen fits 80 columns and 24 lines and uses more when there is
// more; it is drawn down to 40 columns: the title, the help line and the
// messages wrap between the items joined by " · " first, and a key stays
// with its action ("Ctrl+C: quit" is never parted). Without Config.Color (NO_COLOR)
// nothing is coloured: the marks are characters ([x] the cursor, <x> the
// selection, • or (x) a reachable square, ":" a dark square, "+" a square
// of a die still to use in Lux et Umbra); in colour the squares are tinted
// and the last move's squares too.
//
// # Online games
//
// NewOnline (RunOnline) plays a game of a Norns server (docs/api.md) from a
// seat: Join takes the open seat of an invitation URL, giving the dice seed
// the first roll waits for, and Open comes back to a game with the seat's
// token, which SaveSeat keeps in a seat file (LoadSeat reads it). In a game
// with dice the seat commits to its dice nonces from a secret of its own
// (Online.Secret, kept in the seat file beside the token; OpenSecret comes
// back with it), and every move reveals the next one (Online.Reveal). The model
// then mirrors the server: every state shown is the server's view (its
// position set up with Game.Setup, its legal actions); the move list is the
// server's log replayed (moves and rolls, less the moves taken back); an
// action the player picks is posted with the view's seq, not applied, and
// the answer or the feed shows it. Follow reads the game's WebSocket feed
// (the token goes in its first message), reconnecting from the last event
// it received, and brings the other players' moves, the rolls, the
// offers, the players' chat and the rematch. Besides the keys of local
// play: r resigns (aborts a game not started) after a y, = offers or
// accepts a draw, u asks to take back the player's last move, y and n
// answer the other player's offer, t opens a chat line (Enter sends it to
// the room the chat pane shows, Esc drops it), Tab switches the chat pane
// between the players' room and the spectators' (the feed asks for the
// spectators' room only while the pane shows it, and reads what was
// written before); the words draw, resign, abort and "say TEXT" do the
// same. The server's errors are shown in the player's language, and
// change nothing.
//
// A game with a clock shows each seat's time under the status, as the web
// app does: m:ss, with tenths under ten seconds, or days and hours for a
// correspondence clock. The times are the last view's; the running one
// (marked ▸) counts down from the moment the view came, with a tick of the
// program once a second (ten times a second under ten seconds). No clock
// runs during a player's first move, which is not timed: the view gives
// the time left to make it, and the screen counts that down instead.
//
// Once the game is over, m (or the word rematch) asks for a rematch or
// accepts the other players' wish, which the screen shows. When the server
// makes the new game (at once against the AI) — the answer, the view's
// rematch or the feed's rematch message says so — the model opens its seat
// with the token it holds (the server moved it to its new seat), keeps it
// in Config.SeatFile, follows the new game's feed instead of the old one,
// and plays on; RunOnline returns the seat of the game played last. A game
// opened after its rematch was made offers m to go there.
//
// # Save files
//
// --save writes a save file after every action and --load resumes one
// (type Save). It is the terminal client's own: not the record of a game
// of the server (package record), which the server signs and norns verify
// checks. A save file is a text file:
//
//	norns save 1
//	game seidr
//	option dead-draw=on
//	option quiet-limit=50
//	history
//	c2c4
//	2
//	8
//	pass
//
// The first line is exactly "norns save 1" ("norns record 1", the header
// of the files written before, is read as well); then "game NAME" (a short
// name of games.All), any number of "option NAME=VALUE" lines (each option
// at most once; options left out take their defaults), the line "history",
// and one action a line in the game's notation, in order: every decision,
// every chance outcome, and every pass the game made by itself. Blank lines
// and lines beginning with # are skipped. Replay applies the history from
// the start through ParseAction and Apply; a save whose action is not
// legal where it stands, that comes after the end of the game, or that
// leaves out (or changes) a pass the game made by itself is refused with an
// error wrapping ErrSave that names the action's number (a *SaveError,
// which ErrorText says in the player's language). Who played which seat
// and the AI's level are not part of the save.
package tui

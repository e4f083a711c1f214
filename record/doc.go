// Package record holds the Norns record: the one format in which a game
// played on a Norns server is written down whole, to be verified by
// anybody without the server.
//
// # The record
//
// A Record is the record's tags, in order (Game, Options, Players, the
// seats, the clock, the dice scheme, the commitment to the server seed,
// the players' seeds and first nonce commitments, the server seed once the
// game is over, Status, Result and Termination, the end reason; records
// written before it have no Termination tag and no clocks, and still
// verify), its events (rolls, moves, timeouts,
// resignations, aborts, offers and answers, as store.Event) and its
// signature.
//
// # Text and JSON
//
// Record.Text writes the text form: the line "# norns record 1", one tag
// a line as in PGN ([Name "value"]), a blank line, then one event a line,
// "<seq> <kind> <player> <action>", followed in a game with clocks by
// each seat's time left after the event and, after a move that revealed a
// nonce or committed to one (dice scheme v2), by the nonces:
// " {clk 0:04:57.120 0:05:00.000 nonce <hex> next <hex>}" (eventLine),
// then the chat given, one comment line "# chat …" a message.
// Record.JSON gives the JSON form (JSON, FormatJSON). Parse reads either
// form back; the chat is not part of a Record.
//
// # Signing
//
// A server signs the record of a finished game with its Ed25519 key
// (Sign). The signature covers the record's signed text (SignedText): the
// record as the text form writes it, without its Signature tag and
// without its chat. The record names the key in its SigningKey tag, which
// the signature covers too, and carries the signature, in hex, in the
// Signature tag (the text form) or the signature field (JSON). The text
// and JSON forms of a record have one signed text, so one signature.
//
// The chat is not signed: the record a seat holder downloads has the
// players' room and everybody else's has not, and the players may go on
// talking after the game, so that a signed chat would give a game as many
// signatures as readers and moments. What the server vouches for is the
// game: its tags and its events.
//
// # Verifying
//
// Verify replays a record: it checks the tags, the server seed against
// its commitment, every roll against the seeds (and the nonce a move
// revealed before it), every move against the rules, the endings outside
// the rules (package ending) as the server plays them, the final status
// and result against the tags, and the signature (CheckSignature). The
// first discrepancy is the error.
package record

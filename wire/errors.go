package wire

// Error codes: stable names a client can switch on. The human message of
// code C is the catalog entry "error.C" (package i18n), in the language the
// request asks for.
const (
	// CodeBadRequest: the body is not valid JSON of the expected shape.
	CodeBadRequest = "bad_request"
	// CodeTooLarge: the request's body is too large.
	CodeTooLarge = "too_large"
	// CodeNotFound: no API endpoint has that path (or, for an analysis,
	// none was asked for).
	CodeNotFound = "not_found"
	// CodeUnknownGame: no game the server offers has that name.
	CodeUnknownGame = "unknown_game"
	// CodeBadOption: an option is unknown or has a value not allowed.
	CodeBadOption = "bad_option"
	// CodeBadSeats: the seats do not fit the game, or a name is not
	// allowed.
	CodeBadSeats = "bad_seats"
	// CodeBadClock: the clock's settings are not valid.
	CodeBadClock = "bad_clock"
	// CodeBadSeed: a seat's dice seed is not 1 to 64 printable ASCII
	// characters without quotes or backslashes.
	CodeBadSeed = "bad_seed"
	// CodeGameNotFound: no game has that id.
	CodeGameNotFound = "game_not_found"
	// CodeMissingToken: the request needs a seat token (Authorization:
	// Bearer <token>).
	CodeMissingToken = "missing_token"
	// CodeBadToken: the seat token opens no seat of the game.
	CodeBadToken = "bad_token"
	// CodeBadInvite: the invitation does not open that seat.
	CodeBadInvite = "bad_invite"
	// CodeSeatNotOpen: the seat is taken already, or not open.
	CodeSeatNotOpen = "seat_not_open"
	// CodeNotStarted: the game waits for players to take its open seats.
	CodeNotStarted = "not_started"
	// CodeNotYourTurn: the seat is not to move.
	CodeNotYourTurn = "not_your_turn"
	// CodeStale: the game moved on since the seq the request gave.
	CodeStale = "stale_sequence"
	// CodeMalformed: the action is not written in the game's notation.
	CodeMalformed = "malformed_action"
	// CodeIllegal: the action is not legal now.
	CodeIllegal = "illegal_action"
	// CodeGameOver: the game is over.
	CodeGameOver = "game_over"
	// CodeSeedLocked: the dice have rolled; seeds no longer change.
	CodeSeedLocked = "seed_locked"
	// CodeRateLimited: too many requests from the client.
	CodeRateLimited = "rate_limited"
	// CodeNoRecord: the record format is not available for the game.
	CodeNoRecord = "no_record"
	// CodeInternal: the server failed; nothing was changed.
	CodeInternal = "internal"
	// CodeShuttingDown: the server is shutting down.
	CodeShuttingDown = "shutting_down"
	// CodeBadParameter: a query parameter is not valid.
	CodeBadParameter = "bad_parameter"
	// CodeNotSpectating: a spectator (no seat token) cannot act.
	CodeNotSpectating = "spectator"
	// CodeConflict: the game changed on another server meanwhile; the
	// request may be tried again.
	CodeConflict = "conflict"
	// CodeAIOnly: a game between computer players only is not played on
	// the server.
	CodeAIOnly = "ai_only"
	// CodeTooManyGames: the client has too many unfinished games against
	// the computer.
	CodeTooManyGames = "too_many_games"
	// CodeNotReady: the server cannot store games now.
	CodeNotReady = "not_ready"
	// CodeCannotAbort: the seat has moved, or the dice have rolled: it
	// may resign instead.
	CodeCannotAbort = "cannot_abort"
	// CodeCannotOffer: the draw or takeback offer is not allowed now.
	CodeCannotOffer = "cannot_offer"
	// CodeNoDraws: the game's rules allow no draw by agreement (Lux et
	// Umbra, Nords Loki), so a draw is never offered.
	CodeNoDraws = "no_draws"
	// CodeNoOffer: there is no such offer to answer.
	CodeNoOffer = "no_offer"
	// CodeBadChatText: a chat message is not 1 to 300 characters of
	// plain text.
	CodeBadChatText = "bad_chat_text"
	// CodeBadChatRoom: the chat has no room of that name.
	CodeBadChatRoom = "bad_chat_room"
	// CodeNotOver: the game is not over yet.
	CodeNotOver = "not_over"
	// CodeLeft: the seat left the game, which goes on without it.
	CodeLeft = "left_game"
	// CodeBadNonce: a dice nonce or commitment is missing, malformed or
	// does not match the seat's commitment.
	CodeBadNonce = "bad_nonce"
	// CodeNotCreator: only the game's creator gets its invitations.
	CodeNotCreator = "not_creator"
	// CodeTooManyAnalyses: the client has analyses waiting or running
	// already.
	CodeTooManyAnalyses = "too_many_analyses"
	// CodeCannotClaim: the opponent is online, or has not been gone for
	// the grace time yet, or the game allows no claim (a correspondence
	// game, a game with an AI or more than two players).
	CodeCannotClaim = "cannot_claim"
	// CodeSeekNotFound: no seek has that id (it was withdrawn, its poster
	// left, or it was taken and is gone).
	CodeSeekNotFound = "seek_not_found"
	// CodeSeekTaken: another player accepted the seek first.
	CodeSeekTaken = "seek_taken"
	// CodeBadSeek: the seek asks for what cannot be (no clock, a rated
	// game without an account, a rating range upside down, accepting
	// one's own seek).
	CodeBadSeek = "bad_seek"
	// CodeBadName: a user name breaks the rules (2 to 20 letters,
	// digits, _ and -; docs/accounts.md).
	CodeBadName = "bad_name"
	// CodeNameTaken: the user name, or one that looks like it, is
	// another account's.
	CodeNameTaken = "name_taken"
	// CodeWeakPassword: the password is shorter than 8 characters, longer
	// than 256 bytes, or one of the most common ones.
	CodeWeakPassword = "weak_password"
	// CodeBadCredentials: no account has that name, or the password is
	// wrong (the answer never says which).
	CodeBadCredentials = "bad_credentials"
	// CodeNotSignedIn: the request needs a session (signed out, expired,
	// or never signed in).
	CodeNotSignedIn = "not_signed_in"
	// CodeCSRF: a browser's request with the session cookie came from
	// another site, or without the session's CSRF token.
	CodeCSRF = "csrf"
	// CodeSeatClaimed: the seat belongs to another account.
	CodeSeatClaimed = "seat_claimed"
	// CodeNoAccounts: the server's store keeps no accounts.
	CodeNoAccounts = "no_accounts"
	// CodeSessionNotFound: the account has no session with that id.
	CodeSessionNotFound = "session_not_found"
	// CodeCannotRate: a rated game was asked for that cannot be rated (a
	// seat not an account's, an AI seat, hot seat, no clock, options away
	// from a rule set's).
	CodeCannotRate = "cannot_rate"
	// CodeRatedNeedsAccount: a seat of a rated game is joined by a player
	// who is not signed in, or who holds another seat of it already.
	CodeRatedNeedsAccount = "rated_needs_account"
	// CodePlayerNotFound: no account has that user name.
	CodePlayerNotFound = "player_not_found"
	// CodeNoSeat: the signed-in account holds no seat of the game.
	CodeNoSeat = "no_seat"
)

// Codes lists every error code the server sends.
var Codes = []string{
	CodeBadRequest, CodeTooLarge, CodeNotFound, CodeUnknownGame, CodeBadOption,
	CodeBadSeats, CodeBadClock, CodeBadSeed, CodeGameNotFound, CodeMissingToken,
	CodeBadToken, CodeBadInvite, CodeSeatNotOpen, CodeNotStarted, CodeNotYourTurn,
	CodeStale, CodeMalformed, CodeIllegal, CodeGameOver, CodeSeedLocked,
	CodeRateLimited, CodeNoRecord, CodeInternal, CodeShuttingDown, CodeBadParameter,
	CodeNotSpectating, CodeConflict, CodeAIOnly, CodeTooManyGames, CodeNotReady,
	CodeCannotAbort, CodeCannotOffer, CodeNoOffer, CodeBadChatText, CodeBadChatRoom,
	CodeNotOver, CodeLeft, CodeBadNonce, CodeNotCreator, CodeTooManyAnalyses,
	CodeNoDraws,
	CodeCannotClaim, CodeSeekNotFound, CodeSeekTaken, CodeBadSeek,
	CodeBadName, CodeNameTaken, CodeWeakPassword, CodeBadCredentials, CodeNotSignedIn,
	CodeCSRF, CodeSeatClaimed, CodeNoAccounts, CodeSessionNotFound,
	CodeCannotRate, CodeRatedNeedsAccount, CodePlayerNotFound, CodeNoSeat,
}

// ErrorResponse is the JSON of an error answer: {"error":{...}}.
type ErrorResponse struct {
	Error ErrorBody `json:"error"`
}

// ErrorBody is an error as the API sends it: its code (one of Codes),
// its message in the language the request asks for, and a detail that
// says what exactly was wrong (in English).
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Detail  string `json:"detail,omitempty"`
}

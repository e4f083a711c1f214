-- The seeks of the lobby and the quick-pairing pools (store.Seeks): a
-- player's wish for a game with a stranger, alive while its poster's
-- client refreshes seen; game_id and player are set, once, by the match
-- that makes its game.
CREATE TABLE seeks (
	id         text PRIMARY KEY,
	pool       text NOT NULL,
	game       text NOT NULL,
	options    jsonb NOT NULL,
	clock      jsonb NOT NULL,
	rated      boolean NOT NULL,
	color      text NOT NULL,
	name       text NOT NULL,
	account    text NOT NULL,
	rating     integer NOT NULL,
	rating_min integer NOT NULL,
	rating_max integer NOT NULL,
	token_hash bytea NOT NULL,
	created    timestamptz NOT NULL,
	seen       timestamptz NOT NULL,
	game_id    text NOT NULL DEFAULT '',
	player     text NOT NULL DEFAULT ''
);
CREATE INDEX seeks_waiting ON seeks (created) WHERE game_id = '';

-- The games and their event logs, as in the SQLite store: times are
-- milliseconds since the Unix epoch, options and seats JSON.
CREATE TABLE games (
	id          text PRIMARY KEY,
	game        text NOT NULL,
	options     jsonb NOT NULL,
	seats       jsonb NOT NULL,
	clock       jsonb NOT NULL,
	server_seed bytea NOT NULL,
	commitment  text NOT NULL,
	created     bigint NOT NULL,
	updated     bigint NOT NULL,
	seq         bigint NOT NULL DEFAULT 0,
	finished    boolean NOT NULL DEFAULT false,
	status      text NOT NULL DEFAULT '',
	result      text NOT NULL DEFAULT ''
);
CREATE INDEX games_finished ON games (finished, created);
CREATE INDEX games_live ON games (created) WHERE NOT finished;

CREATE TABLE events (
	game_id text NOT NULL REFERENCES games (id),
	seq     bigint NOT NULL,
	kind    text NOT NULL,
	player  text NOT NULL,
	action  text NOT NULL,
	code    bigint NOT NULL,
	time    bigint NOT NULL,
	clocks  bigint[],
	PRIMARY KEY (game_id, seq)
);

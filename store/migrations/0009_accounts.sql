-- Accounts, their sessions and the seats they took (docs/accounts.md).
-- An account is never removed: deleting it clears its password and marks
-- it deleted, so that its name (key) and the names that imitate it
-- (skeleton) stay refused. A session is kept only as the SHA-256 of its
-- token. account_games lists the seats an account took, for "my games".
CREATE TABLE accounts (
	id       text PRIMARY KEY,
	name     text NOT NULL,
	key      text NOT NULL UNIQUE,
	skeleton text NOT NULL UNIQUE,
	password text NOT NULL,
	created  bigint NOT NULL,
	deleted  bigint NOT NULL DEFAULT 0
);

CREATE TABLE sessions (
	hash       bytea PRIMARY KEY,
	id         text NOT NULL UNIQUE,
	account_id text NOT NULL REFERENCES accounts (id),
	csrf       text NOT NULL,
	created    bigint NOT NULL,
	seen       bigint NOT NULL,
	agent      text NOT NULL DEFAULT '',
	addr       text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_account ON sessions (account_id);

CREATE TABLE account_games (
	account_id text NOT NULL REFERENCES accounts (id),
	game_id    text NOT NULL REFERENCES games (id),
	player     text NOT NULL,
	created    bigint NOT NULL,
	PRIMARY KEY (account_id, game_id, player)
);
CREATE INDEX account_games_recent ON account_games (account_id, created);

-- Ratings (docs/ratings.md §6). A rated game keeps its key (rated, fixed
-- at creation; '' for a casual game) and, once rated, its rating record
-- (ratings, JSON: each player's rating before and after); a finished
-- rated game whose ratings are NULL is still to be rated, by any
-- instance. ratings holds a row per account and key, each write bumping
-- its version (the condition of the next); rating_history a row per
-- player and rated game, in the order the ratings were written.
ALTER TABLE games ADD COLUMN rated text NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN ratings text;
CREATE INDEX games_unrated ON games (updated) WHERE rated <> '' AND finished AND ratings IS NULL;

CREATE TABLE ratings (
	player     text NOT NULL REFERENCES accounts (id),
	key        text NOT NULL,
	rating     double precision NOT NULL,
	deviation  double precision NOT NULL,
	volatility double precision NOT NULL,
	games      integer NOT NULL,
	latest     bigint NOT NULL,
	version    bigint NOT NULL,
	PRIMARY KEY (player, key)
);
CREATE INDEX ratings_board ON ratings (key, rating DESC);

CREATE TABLE rating_history (
	id         bigserial PRIMARY KEY,
	player     text NOT NULL REFERENCES accounts (id),
	key        text NOT NULL,
	game_id    text NOT NULL REFERENCES games (id),
	rating     double precision NOT NULL,
	deviation  double precision NOT NULL,
	volatility double precision NOT NULL,
	games      integer NOT NULL,
	at         bigint NOT NULL
);
CREATE INDEX rating_history_player ON rating_history (player, key, id);

-- How many spectators each server instance has of a game (presence), so
-- that every instance can tell its subscribers the total: a row per game
-- and instance with spectators, refreshed by its instance (updated, the
-- database's clock). A row not refreshed for a while belongs to an
-- instance that died: it is no longer counted, and later deleted. Nothing
-- here is part of a game: no reference to games, so that presence never
-- waits on a game's row.
CREATE TABLE presence (
	game_id  text NOT NULL,
	instance text NOT NULL,
	count    integer NOT NULL CHECK (count > 0),
	updated  timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (game_id, instance)
);
CREATE INDEX presence_instance ON presence (instance);

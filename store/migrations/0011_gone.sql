-- Since when each player of a live game has been gone (no client of theirs
-- connected to any instance), as the instances that follow the game's
-- presence saw it: a claim against a player gone (claim-victory,
-- claim-draw) made on any instance counts the grace time from then. A row
-- goes when the player is back. Nothing here is part of a game: no
-- reference to games.
CREATE TABLE gone (
	game_id text NOT NULL,
	player  text NOT NULL,
	since   timestamptz NOT NULL,
	PRIMARY KEY (game_id, player)
);

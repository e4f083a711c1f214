-- Each game's chat, one for its players and one for its spectators (room),
-- kept with the game and apart from its log: messages are numbered per
-- game from 1, both rooms together; player is the writer's seat, '' for a
-- spectator; time is milliseconds since the Unix epoch.
CREATE TABLE chat (
	game_id text NOT NULL REFERENCES games (id),
	seq     bigint NOT NULL,
	room    text NOT NULL CHECK (room IN ('players', 'spectators')),
	player  text NOT NULL,
	name    text NOT NULL,
	text    text NOT NULL,
	time    bigint NOT NULL,
	PRIMARY KEY (game_id, seq)
);

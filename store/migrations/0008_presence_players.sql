-- The seats (players) whose client is connected to an instance with its
-- seat proved, beside the count of spectators: a game's row stays while
-- it has either.
ALTER TABLE presence ADD COLUMN players text[] NOT NULL DEFAULT '{}';
ALTER TABLE presence DROP CONSTRAINT presence_count_check;
ALTER TABLE presence ADD CONSTRAINT presence_watched CHECK (count > 0 OR cardinality(players) > 0);

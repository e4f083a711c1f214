-- Every game counts its writes: each append and seat change adds one, and
-- each write is conditional on the version its writer read, so that two
-- instances cannot both change a game from the same state. The games that
-- exist start at 0.
ALTER TABLE games ADD COLUMN version bigint NOT NULL DEFAULT 0;

-- Dice scheme v2: a game names its scheme (the games before rolled by
-- norns-dice-v1), and a move records the nonce its player revealed and
-- the commitment to their next one.
ALTER TABLE games ADD COLUMN scheme text NOT NULL DEFAULT 'norns-dice-v1';
ALTER TABLE events ADD COLUMN nonce text NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN next text NOT NULL DEFAULT '';

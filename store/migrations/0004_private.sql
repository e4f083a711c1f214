-- A game may be private: out of the lists of games, seen only by those
-- who have its link. Every game before was public.
ALTER TABLE games ADD COLUMN private boolean NOT NULL DEFAULT false;

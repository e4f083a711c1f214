-- Every append updates its game's row (seq, updated, version): an update
-- that changes no indexed column is a heap-only tuple (HOT) update, which
-- writes no index entry and reuses the space on its own page. games_unrated
-- indexed updated, which made every append rewrite all of the table's
-- indexes; it now indexes the id (the query sorts its few rows), and the
-- table's pages keep room for the new versions of their rows.
DROP INDEX IF EXISTS games_unrated;
CREATE INDEX games_unrated ON games (id) WHERE rated <> '' AND finished AND ratings IS NULL;
ALTER TABLE games SET (fillfactor = 70);

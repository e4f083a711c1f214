-- The deployment's Ed25519 signing key (its 32-byte seed), with which the
-- server signs the records of finished games: one row, made by the first
-- instance that needs it (INSERT … ON CONFLICT DO NOTHING), read by every
-- instance, so that all the instances of a deployment sign with one key.
CREATE TABLE signing_key (
	id      integer PRIMARY KEY CHECK (id = 1),
	seed    bytea NOT NULL CHECK (length(seed) = 32),
	created timestamptz NOT NULL DEFAULT now()
);

-- The sign-in throttles shared by the instances (store.Throttles): a
-- token bucket per key (an account's, an address's), refilled by time.
CREATE TABLE throttles (
	key     text PRIMARY KEY,
	tokens  double precision NOT NULL,
	updated timestamptz NOT NULL
);

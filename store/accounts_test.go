package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
)

// TestAccountsSQLite and TestAccountsPostgres run the suite of accounts
// and sessions on each store.
func TestAccountsSQLite(t *testing.T) {
	storetest.RunAccounts(t, func(t *testing.T) store.Store {
		s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "norns.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

func TestAccountsPostgres(t *testing.T) {
	storetest.PostgresURL(t)
	storetest.RunAccounts(t, func(t *testing.T) store.Store {
		return openPostgres(t, storetest.PostgresURL(t))
	})
}

// TestRatingsSQLite and TestRatingsPostgres run the suite of the
// players' ratings on each store.
func TestRatingsSQLite(t *testing.T) {
	storetest.RunRatings(t, func(t *testing.T) store.Store {
		s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "norns.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

func TestRatingsPostgres(t *testing.T) {
	storetest.PostgresURL(t)
	storetest.RunRatings(t, func(t *testing.T) store.Store {
		return openPostgres(t, storetest.PostgresURL(t))
	})
}

package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"norns/store"
	"norns/store/storetest"
)

func TestSQLite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "norns.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestReopen: what was appended is there after closing and opening again.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "norns.db")
	s, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, &store.Game{ID: "g", Game: "chess", ServerSeed: []byte{1}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "g", 0, []store.Event{{Seq: 1, Kind: store.EventMove, Player: "white", Action: "e4"}}, store.Update{Status: "turn black"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, evs, err := s.Load(ctx, "g")
	if err != nil || g.Seq != 1 || len(evs) != 1 || evs[0].Action != "e4" {
		t.Errorf("Load after reopen = %+v, %v, %v, want seq 1 with e4", g, evs, err)
	}
}

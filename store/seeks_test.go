package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
)

// TestSeeks runs the seeks' contract on both kinds: kept in memory (a
// server alone on SQLite) and in PostgreSQL (shared by instances).
func TestSeeks(t *testing.T) {
	t.Run("memory", func(t *testing.T) { testSeeks(t, &store.MemorySeeks{}) })
	t.Run("postgres", func(t *testing.T) {
		s := openPostgres(t, storetest.PostgresURL(t))
		defer s.Close()
		testSeeks(t, s)
	})
}

func testSeeks(t *testing.T, s store.Seeks) {
	ctx := context.Background()
	t0 := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	seek := func(id string, created time.Time, pool string) *store.Seek {
		return &store.Seek{
			ID: id, Pool: pool, Game: "chess", Options: map[string]string{"a": "b"},
			Clock: &store.Clock{Initial: 3 * time.Minute, Increment: 2 * time.Second}, Color: "white", Name: "Ann",
			Rating: 1500, RatingMin: 1400, RatingMax: 1600, TokenHash: []byte{1, 2, 3}, Created: created, Seen: created,
		}
	}
	for i, k := range []*store.Seek{seek("b", t0.Add(time.Second), ""), seek("a", t0, ""), seek("c", t0.Add(2*time.Second), "chess 3+2")} {
		if err := s.AddSeek(ctx, k); err != nil {
			t.Fatalf("seek %d: %v", i, err)
		}
	}
	if err := s.AddSeek(ctx, seek("a", t0, "")); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a seek added twice: %v, want ErrConflict", err)
	}
	ids := func(ks []*store.Seek) (out []string) {
		for _, k := range ks {
			out = append(out, k.ID)
		}
		return out
	}
	waiting := func(seen time.Time) []string {
		t.Helper()
		ks, err := s.WaitingSeeks(ctx, seen)
		if err != nil {
			t.Fatal(err)
		}
		return ids(ks)
	}
	if got := waiting(t0); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Fatalf("waiting %v, want a b c (oldest first)", got)
	}
	k, err := s.Seek(ctx, "b")
	if err != nil {
		t.Fatal(err)
	}
	want := seek("b", t0.Add(time.Second), "")
	if k.Game != want.Game || k.Options["a"] != "b" || *k.Clock != *want.Clock || k.Color != "white" || k.Name != "Ann" ||
		k.Rating != 1500 || k.RatingMin != 1400 || k.RatingMax != 1600 || string(k.TokenHash) != string(want.TokenHash) ||
		!k.Created.Equal(want.Created) || !k.Seen.Equal(want.Seen) || k.GameID != "" || k.Player != "" {
		t.Fatalf("seek read back: %+v, want %+v", k, want)
	}
	// Seen selects: a is refreshed, the others are not.
	if err := s.TouchSeeks(ctx, []string{"a"}, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if got := waiting(t0.Add(30 * time.Second)); !slices.Equal(got, []string{"a"}) {
		t.Fatalf("seen since 30 s: %v, want a", got)
	}
	// A match is all or nothing.
	if err := s.MatchSeeks(ctx, []string{"a", "c"}, "g1", []string{"white", "black"}); err != nil {
		t.Fatal(err)
	}
	if err := s.MatchSeeks(ctx, []string{"b", "c"}, "g2", []string{"white", "black"}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("c matched again: %v, want ErrConflict", err)
	}
	if err := s.MatchSeeks(ctx, []string{"b", "gone"}, "g2", []string{"white", "black"}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a match with a seek that is not: %v, want ErrConflict", err)
	}
	if got := waiting(t0); !slices.Equal(got, []string{"b"}) {
		t.Fatalf("waiting after the match %v, want b alone (the refused matches changed nothing)", got)
	}
	if k, _ := s.Seek(ctx, "c"); k.GameID != "g1" || k.Player != "black" {
		t.Fatalf("c after the match: game %q player %q, want g1 black", k.GameID, k.Player)
	}
	if err := s.UnmatchSeeks(ctx, "g1"); err != nil {
		t.Fatal(err)
	}
	if got := waiting(t0); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Fatalf("waiting after the unmatch %v, want a b c", got)
	}
	if err := s.MatchSeeks(ctx, []string{"c"}, "g3", []string{"white"}); err != nil {
		t.Fatal(err)
	}
	// Expiry: waiting seeks not seen since, matched ones created before.
	if err := s.ExpireSeeks(ctx, t0.Add(30*time.Second), t0.Add(2*time.Second)); err != nil {
		t.Fatal(err)
	}
	for id, kept := range map[string]bool{"a": true, "b": false, "c": true} {
		_, err := s.Seek(ctx, id)
		if kept != (err == nil) || (!kept && !errors.Is(err, store.ErrNotFound)) {
			t.Errorf("seek %s after the expiry: %v, want kept %v", id, err, kept)
		}
	}
	if err := s.ExpireSeeks(ctx, t0, t0.Add(3*time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Seek(ctx, "c"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("matched seek c, created before: %v, want ErrNotFound", err)
	}
	if err := s.RemoveSeeks(ctx, []string{"a"}); err != nil {
		t.Fatal(err)
	}
	if got := waiting(time.Time{}); len(got) != 0 {
		t.Fatalf("waiting at the end %v, want none", got)
	}
}

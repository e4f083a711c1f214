package tui

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/wire"
)

// TestSeek: two terminals seeking the same pool (Seiðr, 3+2) get one game,
// a seat each, their seeds given with the commitment to their first nonce;
// a seek that is stopped is withdrawn; a refused seek says why.
func TestSeek(t *testing.T) {
	base := testServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req := wire.SeekRequest{Game: "seidr", Clock: &wire.ClockRequest{InitialMs: 180_000, IncrementMs: 2_000}, Pool: true}
	var (
		wg    sync.WaitGroup
		os    [2]*Online
		views [2]*wire.View
		errs  [2]error
	)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			os[i], views[i], errs[i] = Seek(ctx, base, req, "", "", nil, nil)
		}()
	}
	wg.Wait()
	for i := range 2 {
		if errs[i] != nil {
			t.Fatalf("seek %d: %v", i, errs[i])
		}
	}
	if os[0].ID != os[1].ID || os[0].Player == os[1].Player || os[0].Token == "" || os[1].Token == "" {
		t.Fatalf("the seeks' seats: %+v and %+v, want one game, two seats", os[0], os[1])
	}
	v, err := os[0].View(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if v.Fairness.Scheme != dice.SchemeV2 || len(v.AwaitingSeeds) != 0 {
		t.Fatalf("the game made: scheme %s, awaiting seeds %v; want v2 and every seed in", v.Fairness.Scheme, v.AwaitingSeeds)
	}
	for _, s := range v.Seats {
		if s.Commit == "" || !s.Seeded {
			t.Fatalf("seat %s: seeded %v, commit %q; want both given", s.Player, s.Seeded, s.Commit)
		}
	}

	// A seek stopped while it waits is withdrawn.
	short, stop := context.WithCancel(ctx)
	var id string
	_, _, err = Seek(short, base, req, "", "", nil, func(k string) { id = k; stop() })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a stopped seek: %v, want context.Canceled", err)
	}
	if id == "" {
		t.Fatal("the stopped seek never waited")
	}
	// Another player in the pool is not paired with it: its wait ends
	// with its own context.
	alone, done := context.WithTimeout(ctx, 2*time.Second)
	defer done()
	if _, _, err := Seek(alone, base, req, "", "", nil, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a seek alone in the pool after the other was stopped: %v, want no pairing", err)
	}

	// A seek the server refuses says why.
	var ae *APIError
	if _, _, err := Seek(ctx, base, wire.SeekRequest{Game: "seidr"}, "", "", nil, nil); !errors.As(err, &ae) || ae.Code != wire.CodeBadSeek {
		t.Fatalf("a seek without a clock: %v, want bad_seek", err)
	}
	if _, _, err := Seek(ctx, "ftp://x", req, "", "", nil, nil); !errors.Is(err, ErrNotGameURL) {
		t.Fatalf("a seek on ftp://x: %v, want ErrNotGameURL", err)
	}
}

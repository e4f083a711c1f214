package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/norns-games/norns/store/storetest"
)

// TestPostgresThrottles: a bucket holds burst tokens, refills at its rate,
// says how long to wait when empty; two handles taking at once from one
// bucket never take more than it holds.
func TestPostgresThrottles(t *testing.T) {
	u := storetest.PostgresURL(t)
	a, b := openPostgres(t, u), openPostgres(t, u)
	defer a.Close()
	defer b.Close()
	ctx := context.Background()
	t0 := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	for i := range 3 {
		if ok, _, err := a.TakeToken(ctx, "k", 0.5, 3, t0); err != nil || !ok {
			t.Fatalf("token %d of 3: %v %v", i+1, ok, err)
		}
	}
	ok, wait, err := b.TakeToken(ctx, "k", 0.5, 3, t0)
	if err != nil || ok || wait != 2*time.Second {
		t.Fatalf("a fourth token at once: %v, wait %v, %v; want none, wait 2s", ok, wait, err)
	}
	if ok, _, err := b.TakeToken(ctx, "k", 0.5, 3, t0.Add(2*time.Second)); err != nil || !ok {
		t.Fatalf("a token 2 s later: %v %v", ok, err)
	}
	if ok, _, _ := a.TakeToken(ctx, "other", 0.5, 3, t0); !ok {
		t.Fatal("another key's bucket is empty")
	}
	// 40 takers at once on two handles: exactly 10 tokens.
	var wg sync.WaitGroup
	var mu sync.Mutex
	took := 0
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := a
			if i%2 == 1 {
				h = b
			}
			ok, _, err := h.TakeToken(ctx, "race", 0.001, 10, t0)
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				took++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if took != 10 {
		t.Fatalf("%d tokens taken from a bucket of 10", took)
	}
}

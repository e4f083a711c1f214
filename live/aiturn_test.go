package live

import (
	"context"
	"testing"
)

// TestSchedulerRoundRobin: with one slot, the searches of a client with
// many games wait their turn with the others': each freed slot goes to the
// next client in turn, and a client's own searches keep their order.
func TestSchedulerRoundRobin(t *testing.T) {
	q := newScheduler(1)
	ctx := context.Background()
	if err := q.acquire(ctx, "busy"); err != nil { // the slot is taken
		t.Fatal(err)
	}
	var order []string
	granted := make(chan string)
	queued := 0
	enqueue := func(owner, name string) {
		ready := make(chan struct{})
		go func() {
			close(ready)
			if err := q.acquire(ctx, owner); err != nil {
				t.Error(err)
			}
			granted <- name
		}()
		<-ready
		// Wait until the search is queued, so that the order is known.
		for {
			q.mu.Lock()
			n := 0
			for _, qs := range q.waiting.queues {
				n += len(qs)
			}
			q.mu.Unlock()
			if n == queued+1 {
				break
			}
		}
		queued++
	}
	enqueue("many", "m1")
	enqueue("many", "m2")
	enqueue("many", "m3")
	enqueue("one", "o1")
	enqueue("other", "x1")
	for range 5 {
		q.release()
		order = append(order, <-granted)
	}
	want := []string{"m1", "o1", "x1", "m2", "m3"}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("slots went to %v, want %v", order, want)
		}
	}
	q.release()
	if q.free != 1 || len(q.waiting.ring) != 0 || len(q.waiting.queues) != 0 {
		t.Errorf("after all: free %d, ring %v, queues %v, want 1 free and nothing waiting", q.free, q.waiting.ring, q.waiting.queues)
	}
}

// TestSchedulerCancel: a search whose context ends while it waits leaves
// the queue, and a slot granted at that moment goes to the next search.
func TestSchedulerCancel(t *testing.T) {
	q := newScheduler(1)
	bg := context.Background()
	if err := q.acquire(bg, "a"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(bg)
	errs := make(chan error)
	go func() { errs <- q.acquire(ctx, "b") }()
	for {
		q.mu.Lock()
		n := len(q.waiting.queues["b"])
		q.mu.Unlock()
		if n == 1 {
			break
		}
	}
	cancel()
	if err := <-errs; err == nil {
		t.Fatal("acquire with a cancelled context = nil, want its error")
	}
	if len(q.waiting.queues) != 0 || len(q.waiting.ring) != 0 {
		t.Errorf("after the cancel: queues %v, ring %v, want empty", q.waiting.queues, q.waiting.ring)
	}
	q.release()
	if err := q.acquire(bg, "c"); err != nil || q.free != 0 {
		t.Errorf("acquire after the release = %v with %d free, want the slot", err, q.free)
	}
}

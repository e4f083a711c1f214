package live

import (
	"slices"
	"testing"

	"github.com/norns-games/norns/store"
)

// TestMergeEvents: two notifications of a game queued together keep the
// events that continue each other, and the later one's otherwise.
func TestMergeEvents(t *testing.T) {
	evs := func(from, to int64) []store.Event {
		var out []store.Event
		for s := from; s <= to; s++ {
			out = append(out, store.Event{Seq: s})
		}
		return out
	}
	seqs := func(es []store.Event) []int64 {
		var out []int64
		for _, e := range es {
			out = append(out, e.Seq)
		}
		return out
	}
	tests := []struct {
		name        string
		old, c      store.Change
		want        []int64
		wantVersion int64
	}{
		{"in order", store.Change{Seq: 3, Version: 3, Events: evs(3, 3)}, store.Change{Seq: 5, Version: 4, Events: evs(4, 5)}, []int64{3, 4, 5}, 4},
		{"out of order", store.Change{Seq: 5, Version: 4, Events: evs(4, 5)}, store.Change{Seq: 3, Version: 3, Events: evs(3, 3)}, []int64{3, 4, 5}, 4},
		{"a gap", store.Change{Seq: 2, Version: 2, Events: evs(2, 2)}, store.Change{Seq: 5, Version: 4, Events: evs(4, 5)}, []int64{4, 5}, 4},
		{"the later without events", store.Change{Seq: 3, Version: 3, Events: evs(3, 3)}, store.Change{Seq: 4}, nil, 0},
		{"a chat after a move", store.Change{Seq: 3, Version: 3, Events: evs(3, 3)}, store.Change{Chat: 7}, []int64{3}, 3},
		{"a resync's head at the same seq", store.Change{Seq: 3, Version: 3, Events: evs(3, 3)}, store.Change{Seq: 3}, []int64{3}, 3},
		{"the same change twice", store.Change{Seq: 3, Version: 3, Events: evs(3, 3)}, store.Change{Seq: 3, Version: 3, Events: evs(3, 3)}, []int64{3}, 3},
	}
	for _, tt := range tests {
		got, version := mergeEvents(tt.old, tt.c)
		if s := seqs(got); !slices.Equal(s, tt.want) || version != tt.wantVersion {
			t.Errorf("%s: mergeEvents = %v version %d, want %v version %d", tt.name, s, version, tt.want, tt.wantVersion)
		}
	}
}

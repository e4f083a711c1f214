package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestSQLiteLogStartsOver: with the writer's checkpoints the write-ahead
// log starts over from its beginning instead of growing with every append
// (here a checkpoint follows every group).
func TestSQLiteLogStartsOver(t *testing.T) {
	defer func(d time.Duration) { checkpointEvery = d }(checkpointEvery)
	checkpointEvery = 0
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "norns.db")
	s, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Create(ctx, &Game{ID: "g", Game: "chess", ServerSeed: []byte{1}}); err != nil {
		t.Fatal(err)
	}
	const appends = 300
	walSize := func() int64 {
		fi, err := os.Stat(path + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	var early int64
	for seq := int64(1); seq <= appends; seq++ {
		e := Event{Seq: seq, Kind: EventMove, Player: "white", Action: "a long enough action to fill pages", Time: time.UnixMilli(seq)}
		if err := s.Append(ctx, "g", seq-1, []Event{e}, Update{Status: "a status line"}); err != nil {
			t.Fatal(err)
		}
		if seq == 30 {
			early = walSize()
		}
	}
	// Every commit writes at least two pages of 4 KiB: a log that never
	// started over would grow by more than 8 KiB an append, 2.2 MB over
	// the last 270. One that starts over keeps the size it had (its
	// largest group, the schema's first writes among them), give or take
	// a few pages.
	if size := walSize(); size > early+16<<10 || size > 256<<10 {
		t.Errorf("write-ahead log after %d appends = %d bytes, after 30 = %d; want it no larger (give or take 16 KiB) and at most 256 KiB", appends, size, early)
	}
	_, evs, err := s.Load(ctx, "g")
	if err != nil || len(evs) != appends {
		t.Errorf("Load = %d events, %v; want %d", len(evs), err, appends)
	}
}

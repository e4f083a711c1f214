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
	for seq := int64(1); seq <= appends; seq++ {
		e := Event{Seq: seq, Kind: EventMove, Player: "white", Action: "a long enough action to fill pages", Time: time.UnixMilli(seq)}
		if err := s.Append(ctx, "g", seq-1, []Event{e}, Update{Status: "a status line"}); err != nil {
			t.Fatal(err)
		}
	}
	fi, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	// Every commit writes at least two pages of 4 KiB: a log that never
	// started over would hold more than appends*8 KiB.
	if max := int64(64 << 10); fi.Size() > max {
		t.Errorf("write-ahead log after %d appends = %d bytes, want at most %d", appends, fi.Size(), max)
	}
	_, evs, err := s.Load(ctx, "g")
	if err != nil || len(evs) != appends {
		t.Errorf("Load = %d events, %v; want %d", len(evs), err, appends)
	}
}

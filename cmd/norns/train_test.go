package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	nordslokisearch "github.com/norns-games/norns/games/nordsloki/search"
)

// TestTrain runs a tiny `norns train` twice: it prints its checkpoints,
// writes weights of the committed nets' shape, and the same flags give
// the same weights.
func TestTrain(t *testing.T) {
	dir := t.TempDir()
	for _, players := range []string{"2", "3"} {
		var files [2][]byte
		for i := range files {
			out := filepath.Join(dir, players+"-"+string(rune('a'+i))+".nln")
			_, stderr, err := run(t, "", "train", "--game", "nordsloki", "--players", players, "--games", "4", "--every", "2", "--seed", "9", "--out", out, "--keep")
			if err != nil {
				t.Fatalf("norns train: %v\n%s", err, stderr)
			}
			for _, want := range []string{"games 2/4", "games 4/4", "wrote " + out} {
				if !strings.Contains(stderr, want) {
					t.Errorf("norns train printed %q, want %q in it", stderr, want)
				}
			}
			if _, err := os.Stat(out + ".2"); err != nil {
				t.Errorf("no checkpoint after 2 games: %v", err)
			}
			if files[i], err = os.ReadFile(out); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(files[0], files[1]) {
			t.Errorf("%s players: two runs with the same flags wrote different weights", players)
		}
		nt, err := nordslokisearch.ReadNet(files[0])
		if err != nil {
			t.Fatalf("%s players: ReadNet(trained) = %v", players, err)
		}
		committed, err := nordslokisearch.LoadNet(nt.Players)
		if err != nil {
			t.Fatal(err)
		}
		if nt.Inputs != committed.Inputs || nt.Hidden != committed.Hidden || nt.Players != committed.Players {
			t.Errorf("%s players: trained %d×%d×%d, committed %d×%d×%d", players,
				nt.Inputs, nt.Hidden, nt.Players, committed.Inputs, committed.Hidden, committed.Players)
		}
	}
	if _, stderr, err := run(t, "", "train", "--game", "chess", "--out", filepath.Join(dir, "x")); err == nil || !strings.Contains(stderr, "only nordsloki") {
		t.Errorf("norns train --game chess: %v, %q; want an error", err, stderr)
	}
}

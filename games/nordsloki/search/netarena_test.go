package search_test

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/norns-games/norns/ai"
	"github.com/norns-games/norns/arena"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games/nordsloki"
	"github.com/norns-games/norns/games/nordsloki/search"
)

// The arena of the learned evaluation: TestNetArena plays the net's
// one-ply player against other agents when -netarena is given, e.g.
//
//	go test ./games/nordsloki/search -run TestNetArena -netarena -v \
//	    -arena.b legacy-hard:iters=2000 -arena.players 2 -arena.games 200 -arena.seed 1
//
// Entrants are described at entrant.
var (
	netArena     = flag.Bool("netarena", false, "play the net arena (TestNetArena)")
	arenaA       = flag.String("arena.a", "net", "first entrant")
	arenaB       = flag.String("arena.b", "legacy-hard:iters=2000", "second entrant")
	arenaC       = flag.String("arena.c", "", "third entrant (three players; default: the second again)")
	arenaPlayers = flag.Int("arena.players", 2, "players")
	arenaGames   = flag.Int("arena.games", 100, "games")
	arenaSeed    = flag.Uint64("arena.seed", 1, "run seed")
	arenaWorkers = flag.Int("arena.workers", 2, "games played at once")
	arenaKonungs = flag.String("arena.konungs", "on", "the konungs option")
)

// entrant returns the arena entrant a specification names: "net" (one
// ply with the committed net), "net2" (two plies), either followed by
// ":FILE" for another weights file, or an ai agent specification.
func entrant(t testing.TB, spec string) arena.Entrant {
	t.Helper()
	name, file, _ := strings.Cut(spec, ":")
	if name == "net" || name == "net2" {
		var nt *search.Net
		if file != "" {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if nt, err = search.ReadNet(data); err != nil {
				t.Fatal(err)
			}
		}
		ply := 1
		if name == "net2" {
			ply = 2
		}
		return arena.Entrant{Name: spec, New: func(uint64) (ai.Agent, error) { return &search.NetPlayer{Net: nt, Ply: ply}, nil }}
	}
	e, err := arena.Spec(spec)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// netEntrant returns an entrant playing one ply ahead with nt.
func netEntrant(name string, nt *search.Net) arena.Entrant {
	return arena.Entrant{Name: name, New: func(uint64) (ai.Agent, error) { return &search.NetPlayer{Net: nt}, nil }}
}

// runArena plays a run and returns its summary and each entrant's mean
// return per game with the half-width of its 95% interval.
func runArena(t testing.TB, players, games, workers int, seed uint64, es ...arena.Entrant) (*arena.Summary, []float64, []float64) {
	t.Helper()
	for i := range es {
		for j := range i {
			if es[j].Name == es[i].Name {
				es[i].Name += fmt.Sprintf("#%d", i+1)
			}
		}
	}
	n := len(es)
	sum, sumSq := make([]float64, n), make([]float64, n)
	running := arena.NewSummary(es)
	sum0, err := arena.Run(context.Background(), arena.Config{
		Game: nordsloki.Game{}, Options: game.Options{"players": fmt.Sprint(players), "konungs": *arenaKonungs},
		Entrants: es, Games: games, Workers: workers, Seed: seed,
		OnGame: func(r arena.Record) {
			for j := range n {
				x := r.Returns[(j+r.Index)%n]
				sum[j] += x
				sumSq[j] += x * x
			}
			// With -netarena, a line every 10 games, for long runs.
			if running.Add(r); *netArena && running.Games%10 == 0 {
				m, h := running.ScoreCI(0)
				fmt.Fprintf(os.Stderr, "%d games: %s %d wins, score %.1f%% ± %.1f, mean return %+.3f\n",
					running.Games, running.Names[0], running.Wins[0], 100*m, 100*h, sum[0]/float64(running.Games))
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	mean, half := make([]float64, n), make([]float64, n)
	g := float64(games)
	for j := range n {
		mean[j] = sum[j] / g
		v := (sumSq[j]/g - mean[j]*mean[j]) * g / (g - 1)
		half[j] = 1.96 * math.Sqrt(max(v, 0)/g)
	}
	return sum0, mean, half
}

func TestNetArena(t *testing.T) {
	if !*netArena {
		t.Skip("the net arena runs with -netarena")
	}
	es := []arena.Entrant{entrant(t, *arenaA), entrant(t, *arenaB)}
	if *arenaPlayers == 3 {
		c := *arenaC
		if c == "" {
			c = *arenaB
		}
		es = append(es, entrant(t, c))
	}
	sum, mean, half := runArena(t, *arenaPlayers, *arenaGames, *arenaWorkers, *arenaSeed, es...)
	var b strings.Builder
	for j, name := range sum.Names {
		fmt.Fprintf(&b, "%s: mean return %+.3f ± %.3f\n", name, mean[j], half[j])
	}
	t.Logf("nordsloki, %d players, %d games, seed %d:\n%s%s", *arenaPlayers, *arenaGames, *arenaSeed, sum.String(), b.String())
}

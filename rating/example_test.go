package rating_test

import (
	"fmt"
	"time"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/rating"
)

// Example rates a game of Nords Loki for three on a 10+5 clock, as the
// server would at its end: the key from the game's options and clock,
// the places from its result (player 2 finished; nobody left), the
// players' ratings before it, and their ratings and changes after it.
func Example() {
	key, err := rating.KeyOf("nordsloki", game.Options{"players": "3"}, 10*time.Minute, 5*time.Second, 0)
	if err != nil {
		panic(err)
	}
	places, err := rating.Places(3, game.Result{Kind: game.Win, Winners: []game.Player{2}, Points: 1, Reason: "oin"}, nil)
	if err != nil {
		panic(err)
	}
	end := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	before := []rating.Perf{
		{Glicko: rating.Glicko{Rating: 1650, Deviation: 70, Volatility: 0.06}, Games: 80, Latest: end.AddDate(0, 0, -3)},
		rating.NewPerf,
		{Glicko: rating.Glicko{Rating: 1580, Deviation: 150, Volatility: 0.07}, Games: 6, Latest: end.AddDate(0, -2, 0)},
	}
	after, err := rating.Rate(before, places, end)
	if err != nil {
		panic(err)
	}
	fmt.Println(key, places)
	for i := range after {
		fmt.Printf("%s → %s (%+d)\n", before[i].At(end).Display(), after[i].Display(), rating.Change(before[i], after[i]))
	}
	// Output:
	// nordsloki3/rapid [2 2 1]
	// 1650 → 1635 (-15)
	// 1500? → 1302? (-198)
	// 1580? → 1672? (+92)
}

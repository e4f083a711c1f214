package wire

import (
	"time"

	"github.com/norns-games/norns/rating"
)

// Speed classes of a game, as lichess's, by its clock (Speed): the
// speed classes of package rating, as strings.
const (
	SpeedBullet         = string(rating.Bullet)
	SpeedBlitz          = string(rating.Blitz)
	SpeedRapid          = string(rating.Rapid)
	SpeedClassical      = string(rating.Classical)
	SpeedCorrespondence = string(rating.Correspondence)
)

// Speed is the speed class of a clock, as lichess reckons it from the
// estimated duration of a game, initial + 40 × increment: under 3
// minutes bullet, under 8 blitz, under 25 rapid, else classical. A
// correspondence clock (days per move) and no clock at all (initial 0)
// are correspondence. It is rating.SpeedOf, the one definition.
func Speed(initial, increment time.Duration, daysPerMove int) string {
	return string(rating.SpeedOf(initial, increment, daysPerMove))
}

package wire

import "time"

// Speed classes of a game, as lichess's, by its clock (Speed).
const (
	SpeedBullet         = "bullet"
	SpeedBlitz          = "blitz"
	SpeedRapid          = "rapid"
	SpeedClassical      = "classical"
	SpeedCorrespondence = "correspondence"
)

// Speed is the speed class of a clock, as lichess reckons it from the
// estimated duration of a game, initial + 40 × increment: under 3
// minutes bullet, under 8 blitz, under 25 rapid, else classical. A
// correspondence clock (days per move) and no clock at all (initial 0)
// are correspondence.
func Speed(initial, increment time.Duration, daysPerMove int) string {
	if daysPerMove > 0 || initial <= 0 {
		return SpeedCorrespondence
	}
	switch est := initial + 40*increment; {
	case est < 3*time.Minute:
		return SpeedBullet
	case est < 8*time.Minute:
		return SpeedBlitz
	case est < 25*time.Minute:
		return SpeedRapid
	}
	return SpeedClassical
}

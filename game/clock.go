package game

import (
	"fmt"
	"time"
)

// FormatClock writes a time left as PGN's [%clk] command does, h:mm:ss,
// rounded down; a negative time is written as zero.
func FormatClock(d time.Duration) string {
	s := int64(max(d, 0) / time.Second)
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}

// ClockComment is the comment a text record writes after a move with the
// time its player had left: "{[%clk 0:04:57]}".
func ClockComment(d time.Duration) string { return "{[%clk " + FormatClock(d) + "]}" }

// ReadClockComment reads a comment ClockComment wrote, and nothing else.
func ReadClockComment(c string) (time.Duration, error) {
	var h, m, s int
	if n, err := fmt.Sscanf(c, "{[%%clk %d:%d:%d]}", &h, &m, &s); err != nil || n != 3 || h < 0 || m < 0 || m > 59 || s < 0 || s > 59 {
		return 0, fmt.Errorf("a clock is {[%%clk h:mm:ss]}, not %q", c)
	}
	d := time.Duration((h*60+m)*60+s) * time.Second
	if ClockComment(d) != c {
		return 0, fmt.Errorf("a clock is {[%%clk h:mm:ss]}, not %q", c)
	}
	return d, nil
}

//go:build unix

package loadtest

import (
	"syscall"
	"time"
)

// ProcessCPU returns the CPU time (user + system) this process has used,
// false where the system does not tell it.
func ProcessCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

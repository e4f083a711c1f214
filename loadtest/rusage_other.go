//go:build !unix

package loadtest

import "time"

// selfCPU reports that this system gives no CPU time of the process.
func selfCPU() (time.Duration, bool) { return 0, false }

//go:build !unix

package loadtest

import "time"

// ProcessCPU reports that this system gives no CPU time of the process.
func ProcessCPU() (time.Duration, bool) { return 0, false }

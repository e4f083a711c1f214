//go:build !unix

package server_test

import "time"

// selfCPU is unknown here.
func selfCPU() (time.Duration, bool) { return 0, false }

// Package ratelimit limits what each client may do: a token bucket per
// key (a client's address, or an address and a game), refilled at a rate
// and holding at most a burst.
package ratelimit

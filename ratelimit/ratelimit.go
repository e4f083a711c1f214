package ratelimit

import (
	"math"
	"sync"
	"time"
)

// Limiter is a token bucket per client address.
type Limiter struct {
	rate  float64
	burst float64
	mu    sync.Mutex
	b     map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// New returns a limiter that refills each bucket at rate tokens a second
// and holds at most burst.
func New(rate float64, burst int) *Limiter {
	return &Limiter{rate: rate, burst: float64(burst), b: map[string]*bucket{}}
}

// Allow takes a token from addr's bucket, if it has one.
func (l *Limiter) Allow(addr string, now time.Time) bool {
	ok, _ := l.Take(addr, now)
	return ok
}

// Take takes a token from addr's bucket, if it has one; if not, wait is
// the time until it has one.
func (l *Limiter) Take(addr string, now time.Time) (ok bool, wait time.Duration) {
	return l.TakeN(addr, now, 1)
}

// TakeN takes n tokens from addr's bucket (at most a burst), if it has
// them; if not, wait is the time until it has.
func (l *Limiter) TakeN(addr string, now time.Time, n float64) (ok bool, wait time.Duration) {
	n = min(n, l.burst)
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.b[addr]
	if !ok {
		if len(l.b) > 100_000 {
			l.prune(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.b[addr] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens < n {
		return false, time.Duration((n - b.tokens) / l.rate * float64(time.Second))
	}
	b.tokens -= n
	return true, 0
}

// RetryAfter is the value of a Retry-After header for a wait: whole
// seconds, at least 1.
func RetryAfter(wait time.Duration) int {
	return max(1, int(math.Ceil(wait.Seconds())))
}

// prune forgets the buckets that have refilled.
func (l *Limiter) prune(now time.Time) {
	for k, b := range l.b {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate >= l.burst {
			delete(l.b, k)
		}
	}
}

// Rate is the tokens a second each bucket is refilled with.
func (l *Limiter) Rate() float64 { return l.rate }

// Burst is the most tokens a bucket holds.
func (l *Limiter) Burst() float64 { return l.burst }

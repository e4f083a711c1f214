package server

import (
	"math"
	"sync"
	"time"
)

// limiter is a token bucket per client address.
type limiter struct {
	rate  float64
	burst float64
	mu    sync.Mutex
	b     map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newLimiter(rate float64, burst int) *limiter {
	return &limiter{rate: rate, burst: float64(burst), b: map[string]*bucket{}}
}

// allow takes a token from addr's bucket, if it has one.
func (l *limiter) allow(addr string, now time.Time) bool {
	ok, _ := l.take(addr, now)
	return ok
}

// take takes a token from addr's bucket, if it has one; if not, wait is
// the time until it has one.
func (l *limiter) take(addr string, now time.Time) (ok bool, wait time.Duration) {
	return l.takeN(addr, now, 1)
}

// takeN takes n tokens from addr's bucket (at most a burst), if it has
// them; if not, wait is the time until it has.
func (l *limiter) takeN(addr string, now time.Time, n float64) (ok bool, wait time.Duration) {
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

// retryAfter is the value of a Retry-After header for a wait: whole
// seconds, at least 1.
func retryAfter(wait time.Duration) int {
	return max(1, int(math.Ceil(wait.Seconds())))
}

// prune forgets the buckets that have refilled.
func (l *limiter) prune(now time.Time) {
	for k, b := range l.b {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate >= l.burst {
			delete(l.b, k)
		}
	}
}

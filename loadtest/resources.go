package loadtest

import (
	"context"
	"sync"
	"time"
)

// sampleEvery is how often the instances' resident memory is read during
// the measured window.
const sampleEvery = 250 * time.Millisecond

// resources measures the cost of the measured window: the CPU time of the
// instances, from the growth of their process_cpu_seconds_total, and of
// this process (the clients), from its rusage, and the instances' peak
// resident memory, sampled from their process_resident_memory_bytes.
type resources struct {
	client  *Client
	metrics []string
	cpu0    []float64
	self0   time.Duration
	selfOK  bool

	mu   sync.Mutex
	peak []float64
	err  error

	stop chan struct{}
	done chan struct{}
}

// startResources reads the CPU times at the start of the window and starts
// sampling the memory. Without a metrics URL for every instance, only the
// client is measured.
func startResources(ctx context.Context, c *Client, cfg Config) *resources {
	r := &resources{client: c, stop: make(chan struct{}), done: make(chan struct{})}
	r.self0, r.selfOK = ProcessCPU()
	if len(cfg.Metrics) == len(cfg.URLs) {
		r.metrics = cfg.Metrics
		r.peak = make([]float64, len(cfg.Metrics))
		if r.cpu0, r.err = r.cpu(ctx); r.err != nil {
			r.metrics = nil
		}
	}
	go r.sample(ctx)
	return r
}

// cpu reads every instance's CPU seconds.
func (r *resources) cpu(ctx context.Context) ([]float64, error) {
	out := make([]float64, len(r.metrics))
	for i, u := range r.metrics {
		v, err := scrape(ctx, r.client, u, "process_cpu_seconds_total")
		if err != nil {
			return nil, err
		}
		out[i] = v[0]
	}
	return out, nil
}

// sample reads the instances' resident memory every sampleEvery until
// stopped, keeping each one's largest.
func (r *resources) sample(ctx context.Context) {
	defer close(r.done)
	t := time.NewTicker(sampleEvery)
	defer t.Stop()
	for {
		for i, u := range r.metrics {
			v, err := scrape(ctx, r.client, u, "process_resident_memory_bytes")
			r.mu.Lock()
			if err != nil && r.err == nil {
				r.err = err
			}
			if err == nil {
				r.peak[i] = max(r.peak[i], v[0])
			}
			r.mu.Unlock()
		}
		select {
		case <-r.stop:
			return
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// finish reads the CPU times at the end of the window and fills rep.
func (r *resources) finish(ctx context.Context, rep *Report) {
	if self, ok := ProcessCPU(); ok && r.selfOK {
		rep.ClientCPU = self - r.self0
		rep.ClientMeasured = true
	}
	close(r.stop)
	<-r.done
	if r.metrics == nil {
		return
	}
	cpu1, err := r.cpu(ctx)
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil || r.err != nil {
		return
	}
	var sum float64
	for i := range cpu1 {
		sum += cpu1[i] - r.cpu0[i]
	}
	rep.ServerCPU = time.Duration(sum * float64(time.Second))
	rep.ServerPeakRSS = r.peak
	rep.ServerMeasured = true
}

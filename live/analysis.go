package live

import (
	"context"
	"sync"

	"github.com/norns-games/norns/analysis"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/ratelimit"
	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/wire"
)

// The analysis of a finished game (package analysis) runs in the
// background, at most AnalysisSlots at once, each AI search at
// AnalysisBudget, over the first Config.AnalysisActions actions of the
// game (DefaultAnalysisActions). The work is done in turns of
// analysisTurn actions, which go round the clients with analyses waiting
// (and round each client's analyses), so that a short analysis never
// waits for a long one to end. A client has at most analysesPerClient
// analyses waiting or running. The results stay in memory, the last
// keptAnalyses of them.
const (
	AnalysisSlots          = 1
	AnalysisBudget         = 20000
	DefaultAnalysisActions = 600
	analysisTurn           = 8
	analysesPerClient      = 2
	keptAnalyses           = 256
)

// The rate of new analyses, per client address: bursts of analysisBurst,
// refilled at analysisRate a second (one a minute). Asking for one that
// runs or is done costs nothing more than a request.
const (
	analysisBurst = 3
	analysisRate  = 1.0 / 60
)

// analysisQueue holds a server's analyses, by game id, and hands out
// their turns.
type analysisQueue struct {
	mu    sync.Mutex
	jobs  map[string]*analysisJob
	order []string // the ids, oldest first
	// waiting are the analyses waiting for a turn, in turns of their
	// clients. An analysis having its turn is not among them.
	waiting turns[*analysisJob]
	// pending counts each client's analyses waiting or running; workers
	// the goroutines giving turns (at most AnalysisSlots).
	pending map[string]int
	workers int
	// limiter limits the analyses each client address starts.
	limiter *ratelimit.Limiter
}

func newAnalysisQueue() *analysisQueue {
	return &analysisQueue{jobs: map[string]*analysisJob{}, pending: map[string]int{}, limiter: ratelimit.New(analysisRate, analysisBurst)}
}

// analysisJob is the analysis of game id asked for by client owner. The
// worker giving it a turn alone touches st, forfeits and run; the other
// fields are guarded by the queue's mu.
type analysisJob struct {
	id, owner   string
	done, total int
	actions     int
	result      *analysis.Analysis
	failed      string
	st          game.State
	forfeits    []analysis.Forfeit
	run         *analysis.Analyzer
}

// view is the job's answer; callers hold the queue's mu.
func (j *analysisJob) view() wire.AnalysisView {
	v := wire.AnalysisView{Done: j.done, Total: j.total, Actions: j.actions, Analysis: j.result, Error: j.failed}
	switch {
	case j.result != nil:
		v.Status = "done"
	case j.failed != "":
		v.Status = "failed"
	case j.done > 0:
		v.Status = "running"
	default:
		v.Status = "queued"
	}
	return v
}

// add keeps j as id's job, forgetting the oldest finished ones beyond
// keptAnalyses. Callers hold q.mu.
func (q *analysisQueue) add(id string, j *analysisJob) {
	q.jobs[id] = j
	q.order = append(q.order, id)
	for i := 0; len(q.jobs) > keptAnalyses && i < len(q.order); {
		old := q.jobs[q.order[i]]
		if old.result == nil && old.failed == "" {
			i++
			continue
		}
		delete(q.jobs, q.order[i])
		q.order = append(q.order[:i], q.order[i+1:]...)
	}
}

// push puts j at the end of its client's queue. Callers hold q.mu.
func (q *analysisQueue) push(j *analysisJob) { q.waiting.push(j.owner, j) }

// next takes the job whose turn it is (turns.pop). With none, it returns
// nil and counts the calling worker out.
func (q *analysisQueue) next() *analysisJob {
	q.mu.Lock()
	defer q.mu.Unlock()
	j, ok := q.waiting.pop()
	if !ok {
		q.workers--
	}
	return j
}

// analysisWorker gives the analyses their turns while any wait.
func (s *Hall) analysisWorker() {
	defer s.wg.Done()
	q := s.analyses
	for j := q.next(); j != nil; j = q.next() {
		res, err := s.analysisStep(s.ctx, j)
		q.mu.Lock()
		if j.run != nil {
			j.done, j.total = j.run.Progress()
		}
		done, total := j.done, j.total
		switch {
		case err != nil:
			j.failed = err.Error()
		case res != nil:
			j.result, j.done = res, j.total
		default:
			q.push(j)
		}
		if err != nil || res != nil {
			j.st, j.forfeits, j.run = nil, nil, nil
			if q.pending[j.owner]--; q.pending[j.owner] <= 0 {
				delete(q.pending, j.owner)
			}
		}
		q.mu.Unlock()
		if err != nil {
			s.log.Warn("analysis failed", "game", j.id, "err", err)
		}
		if s.cfg.AnalysisHook != nil {
			s.cfg.AnalysisHook(j.id, done, total)
		}
	}
}

// analysisStep is a turn of job j: up to analysisTurn actions analysed,
// and the result once the last is.
func (s *Hall) analysisStep(ctx context.Context, j *analysisJob) (*analysis.Analysis, error) {
	if j.run == nil {
		cfg := analysis.Config{Budget: s.cfg.AnalysisBudget, Forfeits: j.forfeits, Actions: max(0, s.cfg.AnalysisActions)}
		run, err := analysis.NewAnalyzer(j.st, cfg)
		if err != nil {
			return nil, err
		}
		j.run, j.st = run, nil
	}
	for k := 0; k < analysisTurn && !j.run.Finished(); k++ {
		if err := j.run.Step(ctx); err != nil {
			return nil, err
		}
	}
	if !j.run.Finished() {
		return nil, nil
	}
	return j.run.Result(), nil
}

// forfeits are the players who left a game of more than two players that
// went on without them (a timeout or a resignation: game.Forfeiter), at
// the length of the history then. Such a game has no takebacks, so each
// move or roll event is an action of the history, with the passes after
// it. Callers hold t.mu.
func (t *table) forfeits() []analysis.Forfeit {
	if _, ok := t.st.(game.Forfeiter); !ok || len(t.st.Players()) <= 2 {
		return nil
	}
	var out []analysis.Forfeit
	n := 0
	for i, e := range t.events {
		switch e.Kind {
		case store.EventMove, store.EventRoll:
			n += 1 + len(t.autos[i])
		case store.EventTimeout, store.EventResign:
			if p, ok := game.PlayerByName(t.st, e.Player); ok {
				out = append(out, analysis.Forfeit{Ply: n, Player: p})
			}
		}
	}
	return out
}

// Analysis returns the analysis of game id asked for: its progress or its
// result; not_found when none was.
func (s *Hall) Analysis(ctx context.Context, id string) (wire.AnalysisView, error) {
	if err := s.with(ctx, id, func(t *table) error { return nil }); err != nil {
		return wire.AnalysisView{}, err
	}
	q := s.analyses
	q.mu.Lock()
	defer q.mu.Unlock()
	j, ok := q.jobs[id]
	if !ok {
		return wire.AnalysisView{}, Errorf(wire.CodeNotFound, "no analysis of game %s was asked for (POST /api/games/%s/analysis)", id, id)
	}
	return j.view(), nil
}

// Analyse starts the analysis of finished game id for client (an
// address), not_over while the game goes on (the analysis never helps a
// game in progress), and returns it as Analysis does, with started true
// when it started it. A client with analysesPerClient analyses waiting or
// running gets too_many_analyses.
func (s *Hall) Analyse(ctx context.Context, id, client string) (v wire.AnalysisView, started bool, err error) {
	var st game.State
	var forfeits []analysis.Forfeit
	if err := s.with(ctx, id, func(t *table) error {
		if !t.over() {
			return Errorf(wire.CodeNotOver, "the game is not over: it is analysed once it is")
		}
		st = t.st.Clone()
		forfeits = t.forfeits()
		return nil
	}); err != nil {
		return v, false, err
	}
	q := s.analyses
	q.mu.Lock()
	if j, ok := q.jobs[id]; ok && j.failed == "" {
		v := j.view()
		q.mu.Unlock()
		return v, false, nil
	}
	if q.pending[client] >= analysesPerClient {
		q.mu.Unlock()
		return v, false, Errorf(wire.CodeTooManyAnalyses, "%d analyses from %s wait or run; ask again once one is done", analysesPerClient, client)
	}
	if ok, wait := q.limiter.Take(client, s.cfg.Now()); !ok {
		q.mu.Unlock()
		e := Errorf(wire.CodeRateLimited, "more than %d analyses in %g s from %s", analysisBurst, analysisBurst/analysisRate, client)
		e.RetryAfter = wait
		return v, false, e
	}
	n := len(st.History())
	j := &analysisJob{id: id, owner: client, total: n, actions: n, st: st, forfeits: forfeits}
	if b := s.cfg.AnalysisActions; b > 0 {
		j.total = min(n, b)
	}
	if _, ok := q.jobs[id]; ok {
		q.jobs[id] = j // one that failed, started anew
	} else {
		q.add(id, j)
	}
	q.pending[client]++
	q.push(j)
	start := q.workers < AnalysisSlots
	if start {
		q.workers++
	}
	v = j.view()
	q.mu.Unlock()

	if start {
		s.wg.Add(1)
		go s.analysisWorker()
	}
	return v, true, nil
}

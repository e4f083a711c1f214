package server

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"norns/analysis"
	"norns/game"
	"norns/store"
)

// The analysis of a finished game (package analysis) runs in the
// background, at most AnalysisSlots at once, each at AnalysisBudget; the
// results stay in memory, the last keptAnalyses of them.
const (
	AnalysisSlots  = 1
	AnalysisBudget = 20000
	keptAnalyses   = 256
)

// The rate of new analyses, per client address: bursts of analysisBurst,
// refilled at analysisRate a second (one a minute). Asking for one that
// runs or is done costs nothing more than a request.
const (
	analysisBurst = 3
	analysisRate  = 1.0 / 60
)

// analysisLimiter limits the analyses each client address starts on
// each server, keyed by "server address" (so that the servers of one
// process, in the tests, never share a key).
var analysisLimiter = newLimiter(analysisRate, analysisBurst)

// analyses are the analyses asked for, by game id. Game ids are random, so
// that the servers of one process (tests) never share one.
var analyses = &analysisJobs{jobs: map[string]*analysisJob{}, slots: make(chan struct{}, AnalysisSlots)}

type analysisJobs struct {
	mu    sync.Mutex
	jobs  map[string]*analysisJob
	order []string // the ids, oldest first
	slots chan struct{}
}

type analysisJob struct {
	done, total int
	result      *analysis.Analysis
	failed      string
}

// AnalysisView is the answer of GET and POST /api/games/{id}/analysis:
// Status is "queued", "running", "done" or "failed"; Done of Total
// actions are analysed; Analysis is there once done, Error once failed.
type AnalysisView struct {
	Status   string             `json:"status"`
	Done     int                `json:"done"`
	Total    int                `json:"total"`
	Analysis *analysis.Analysis `json:"analysis,omitempty"`
	Error    string             `json:"error,omitempty"`
}

// view is the job's answer; callers hold a.mu.
func (j *analysisJob) view() AnalysisView {
	v := AnalysisView{Done: j.done, Total: j.total, Analysis: j.result, Error: j.failed}
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

// handleAnalysisGet answers GET /api/games/{id}/analysis: the analysis
// asked for, its progress or its result; not_found when none was.
func (s *Server) handleAnalysisGet(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if err := s.with(r.Context(), id, func(t *table) error { return nil }); err != nil {
		return err
	}
	analyses.mu.Lock()
	j, ok := analyses.jobs[id]
	var v AnalysisView
	if ok {
		v = j.view()
	}
	analyses.mu.Unlock()
	if !ok {
		return apiErr(CodeNotFound, "no analysis of game %s was asked for (POST /api/games/%s/analysis)", id, id)
	}
	return writeJSON(w, http.StatusOK, v)
}

// handleAnalysisPost answers POST /api/games/{id}/analysis: it starts the
// analysis of a finished game (not_over while it goes on: the analysis
// never helps a game in progress) and answers as GET does, 202 Accepted
// when it started it.
func (s *Server) handleAnalysisPost(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	var st game.State
	var forfeits []analysis.Forfeit
	if err := s.with(r.Context(), id, func(t *table) error {
		if !t.over() {
			return apiErr(CodeNotOver, "the game is not over: it is analysed once it is")
		}
		st = t.st.Clone()
		forfeits = t.forfeits()
		return nil
	}); err != nil {
		return err
	}
	analyses.mu.Lock()
	if j, ok := analyses.jobs[id]; ok && j.failed == "" {
		v := j.view()
		analyses.mu.Unlock()
		return writeJSON(w, http.StatusOK, v)
	}
	addr := clientAddr(r)
	if ok, wait := analysisLimiter.take(fmt.Sprintf("%p %s", s, addr), time.Now()); !ok {
		analyses.mu.Unlock()
		w.Header().Set("Retry-After", strconv.Itoa(retryAfter(wait)))
		return apiErr(CodeRateLimited, "more than %d analyses in %g s from %s", analysisBurst, analysisBurst/analysisRate, addr)
	}
	j := &analysisJob{total: len(st.History())}
	if _, ok := analyses.jobs[id]; ok {
		analyses.jobs[id] = j // one that failed, started anew
	} else {
		analyses.add(id, j)
	}
	v := j.view()
	analyses.mu.Unlock()

	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.analyse(s.ctx, id, j, st, forfeits)
	}()
	return writeJSON(w, http.StatusAccepted, v)
}

// add keeps j as id's job, forgetting the oldest finished ones beyond
// keptAnalyses. Callers hold a.mu.
func (a *analysisJobs) add(id string, j *analysisJob) {
	a.jobs[id] = j
	a.order = append(a.order, id)
	for i := 0; len(a.jobs) > keptAnalyses && i < len(a.order); {
		old := a.jobs[a.order[i]]
		if old.result == nil && old.failed == "" {
			i++
			continue
		}
		delete(a.jobs, a.order[i])
		a.order = append(a.order[:i], a.order[i+1:]...)
	}
}

// analyse runs job j on st once a slot is free.
func (s *Server) analyse(ctx context.Context, id string, j *analysisJob, st game.State, forfeits []analysis.Forfeit) {
	select {
	case analyses.slots <- struct{}{}:
	case <-ctx.Done():
		s.analysisFailed(id, j, ctx.Err())
		return
	}
	defer func() { <-analyses.slots }()
	res, err := analysis.Analyze(ctx, st, analysis.Config{Budget: s.analysisBudget, Forfeits: forfeits}, func(done, total int) {
		analyses.mu.Lock()
		j.done, j.total = done, total
		analyses.mu.Unlock()
		if s.analysisHook != nil {
			s.analysisHook(id, done, total)
		}
	})
	if err != nil {
		s.analysisFailed(id, j, err)
		return
	}
	analyses.mu.Lock()
	j.result, j.done = res, j.total
	analyses.mu.Unlock()
}

// analysisFailed records the failure of id's analysis; asking again
// starts it anew.
func (s *Server) analysisFailed(id string, j *analysisJob, err error) {
	s.log.Warn("analysis failed", "game", id, "err", err)
	analyses.mu.Lock()
	j.failed = err.Error()
	analyses.mu.Unlock()
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

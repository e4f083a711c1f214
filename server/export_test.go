package server

// SetAnalysisBudget makes the AI's search of s's analyses n nodes, so
// that the tests analyse quickly.
func SetAnalysisBudget(s *Server, n int) { s.analysisBudget = n }

// SetAnalysisHook has f called after each piece of work of s's analyses,
// with the game's id and the actions done of total; the work waits for f
// to return. Set it before any analysis starts.
func SetAnalysisHook(s *Server, f func(id string, done, total int)) { s.analysisHook = f }

// Package search gives the ai package's levels the own search of
// games/nordsloki (Native, listed in games/searches), as an ai.Searcher.
package search

// Package search is Nords Loki's own player for the AI's levels (Native,
// listed in games/searches): a learned evaluation in the manner of
// TD-Gammon, a small network over the position's encoding
// (nordsloki.Encode) whose trained weights are embedded from nets/
// (net.go), a player that picks the turn the net values most, one or two
// plies ahead (NetPlayer, netplay.go), and its training by TD(λ) self-play
// (Train, train.go; `norns train`).
package search

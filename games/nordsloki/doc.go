// Package nordsloki implements Nords Loki, the Norse race game of three
// Atts, konungs, ghost ships and rune combinations (introductory level).
package nordsloki

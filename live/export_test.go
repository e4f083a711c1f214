package live

// SkipRating makes h leave the games it ends unrated, as an instance that
// died right after storing their end.
func SkipRating(h *Hall) { h.deps.noRating = true }

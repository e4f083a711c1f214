package game

// golden is 2^64 divided by the golden ratio, SplitMix64's increment.
const golden = 0x9e3779b97f4a7c15

// Mix64 is the SplitMix64 finaliser: a bijection of 64-bit words that
// scatters nearby inputs, for deriving independent seeds from one.
func Mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// SplitMix64 is one step of SplitMix64 from x: Mix64 of x plus the
// increment, for deriving a seed or a pseudo-random word from another.
func SplitMix64(x uint64) uint64 { return Mix64(x + golden) }

// KeyStream yields the SplitMix64 sequence that starts from its value: the
// fixed-seed keys of Zobrist hashing, the same on every run.
type KeyStream uint64

// Next returns the next key.
func (k *KeyStream) Next() uint64 {
	*k += golden
	return Mix64(uint64(*k))
}

package live

import "unicode"

// defaultIgnorable is the Unicode property Default_Ignorable_Code_Point
// (DerivedCoreProperties.txt, the same from Unicode 15 to 17): code points
// that a program shows as nothing when it cannot show them otherwise.
// Package unicode has no table of it. Besides format characters (zero
// widths, joiners, direction marks, tags) it holds letters and marks that
// are drawn as blanks or not at all: the Hangul fillers (Lo), the
// combining grapheme joiner, the variation selectors and Khmer's
// inherent vowels (Mn).
var defaultIgnorable = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x00ad, Hi: 0x00ad, Stride: 1}, // soft hyphen
		{Lo: 0x034f, Hi: 0x034f, Stride: 1}, // combining grapheme joiner
		{Lo: 0x061c, Hi: 0x061c, Stride: 1}, // Arabic letter mark
		{Lo: 0x115f, Hi: 0x1160, Stride: 1}, // Hangul choseong and jungseong fillers
		{Lo: 0x17b4, Hi: 0x17b5, Stride: 1}, // Khmer inherent vowels
		{Lo: 0x180b, Hi: 0x180f, Stride: 1}, // Mongolian free variation selectors, vowel separator
		{Lo: 0x200b, Hi: 0x200f, Stride: 1}, // zero width space … right-to-left mark
		{Lo: 0x202a, Hi: 0x202e, Stride: 1}, // bidirectional embeddings and overrides
		{Lo: 0x2060, Hi: 0x206f, Stride: 1}, // word joiner … nominal digit shapes
		{Lo: 0x3164, Hi: 0x3164, Stride: 1}, // Hangul filler
		{Lo: 0xfe00, Hi: 0xfe0f, Stride: 1}, // variation selectors 1 to 16
		{Lo: 0xfeff, Hi: 0xfeff, Stride: 1}, // zero width no-break space
		{Lo: 0xffa0, Hi: 0xffa0, Stride: 1}, // halfwidth Hangul filler
		{Lo: 0xfff0, Hi: 0xfff8, Stride: 1}, // reserved
	},
	R32: []unicode.Range32{
		{Lo: 0x1bca0, Hi: 0x1bca3, Stride: 1}, // shorthand format controls
		{Lo: 0x1d173, Hi: 0x1d17a, Stride: 1}, // musical symbol begin beam … end phrase
		{Lo: 0xe0000, Hi: 0xe0fff, Stride: 1}, // tags, variation selectors 17 to 256, reserved
	},
	LatinOffset: 1,
}

// brailleBlank is U+2800 BRAILLE PATTERN BLANK, a symbol (So) that shows
// as a blank: the filler left when the default ignorable ones are refused.
const brailleBlank = '\u2800'

// invisible reports whether r shows as nothing: a default ignorable code
// point or a filler.
func invisible(r rune) bool {
	return r == brailleBlank || unicode.Is(defaultIgnorable, r)
}

// visible reports whether r is a letter or a digit that shows: a
// Hangul filler is a letter (Lo) that does not.
func visible(r rune) bool {
	return unicode.In(r, unicode.L, unicode.N) && !invisible(r)
}

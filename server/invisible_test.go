package server_test

import (
	"net/http"
	"testing"

	"github.com/norns-games/norns/wire"
)

// invisibles are code points that show as nothing: every code point with
// the Unicode property Default_Ignorable_Code_Point (DerivedCoreProperties.txt:
// each single one, and the first, a middle and the last of each range),
// and the Braille pattern blank, a filler that is not default ignorable.
var invisibles = []rune{
	0x00AD,         // soft hyphen
	0x034F,         // combining grapheme joiner (Mn)
	0x061C,         // Arabic letter mark
	0x115F, 0x1160, // Hangul choseong and jungseong fillers (Lo)
	0x17B4, 0x17B5, // Khmer inherent vowels (Mn)
	0x180B, 0x180D, 0x180F, // Mongolian free variation selectors, vowel separator
	0x200B, 0x200D, 0x200F, // zero width space … right-to-left mark
	0x202A, 0x202C, 0x202E, // bidirectional embeddings and overrides
	0x2060, 0x2065, 0x206F, // word joiner … nominal digit shapes (and reserved)
	0x3164,                 // Hangul filler (Lo)
	0xFE00, 0xFE0E, 0xFE0F, // variation selectors 1 to 16 (Mn)
	0xFEFF,                 // zero width no-break space
	0xFFA0,                 // halfwidth Hangul filler (Lo)
	0xFFF0, 0xFFF4, 0xFFF8, // reserved
	0x1BCA0, 0x1BCA3, // shorthand format controls
	0x1D173, 0x1D177, 0x1D17A, // musical symbol begin beam … end phrase
	0xE0000, 0xE0001, 0xE0020, 0xE007F, 0xE0100, 0xE01EF, 0xE0FFF, // tags, variation selectors 17 to 256, reserved
	0x2800, // Braille pattern blank
}

// TestInvisibleCharacters: a display name or a chat message with a
// character that shows as nothing (Default_Ignorable_Code_Point, a
// filler) is refused, with bad_seats and bad_chat_text, and so is a name
// with no letter or digit that shows (only combining marks, only
// fillers); names and messages in other scripts, with spaces, are taken.
// Nothing refused is stored.
func TestInvisibleCharacters(t *testing.T) {
	e := start(t, nil)
	c := e.create(wire.CreateRequest{Game: "chess", Seats: named("h", "h")})
	white := c.Seats[0].Token
	createWith := func(name string) (int, apiError) {
		return e.call("POST", "/api/games", "", wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human", Name: name}, {Type: "open"}}}, nil)
	}
	var badNames, badTexts []string
	for _, r := range invisibles {
		s := string(r)
		badNames = append(badNames, s, "Ann"+s, "An"+s+"n", s+"Ann")
		badTexts = append(badTexts, s, "hi"+s, "h"+s+"i")
	}
	badNames = append(badNames,
		"\u0301\u0301",       // combining acute accents alone
		"\u094d",             // a virama (Mn) alone
		"\u0903",             // Devanagari visarga (Mc) alone
		"\u3164 \u3164",      // fillers and a space
		"_-.",                // no letter or digit at all
		"\u0301 \u0302",      // marks and a space
		"\u1160\u0301\u115f", // fillers with a mark
		"\u2800\u2800\u2800", // Braille blanks
	)
	badTexts = append(badTexts, "\u2764\ufe0f", "\U0001F44D\U0001F3FD\u200d") // an emoji presentation sequence; an emoji with a joiner
	for _, name := range badNames {
		if st, ae := createWith(name); st != http.StatusBadRequest || ae.Code != wire.CodeBadSeats {
			t.Errorf("create with the name %+q = %d %s (%s), want 400 bad_seats", name, st, ae.Code, ae.Detail)
		}
	}
	for _, text := range badTexts {
		st, ae := e.call("POST", "/api/games/"+c.ID+"/chat", white, wire.ChatRequest{Room: "players", Text: text}, nil)
		if st != http.StatusBadRequest || ae.Code != wire.CodeBadChatText {
			t.Errorf("chat %+q = %d %s (%s), want 400 bad_chat_text", text, st, ae.Code, ae.Detail)
		}
	}
	if got := e.chatLog(c.ID, white, "players", 0); len(got) != 0 {
		t.Errorf("chat after refused messages = %q, want none", chatLines(got))
	}

	goodNames := []string{"Ann", "Аня Смирнова", "李小龙", "김민준", "山田 太郎", "Nguyễn Văn A", "ऋषि", "Zoë", "R2 D2", "7", "x_y.z-w"}
	for _, name := range goodNames {
		var out created
		if st, ae := e.call("POST", "/api/games", "", wire.CreateRequest{Game: "chess", Seats: []wire.SeatRequest{{Type: "human", Name: name}, {Type: "open"}}}, &out); st != http.StatusCreated {
			t.Errorf("create with the name %+q = %d %s (%s), want 201", name, st, ae.Code, ae.Detail)
			continue
		}
		var v wire.View
		e.must("GET", "/api/games/"+out.ID, "", nil, &v)
		if got := v.Seats[0].Name; got != name {
			t.Errorf("the seat named %+q is named %+q", name, got)
		}
	}
	// Five: a sixth in a burst would be refused by the rate limit.
	goodTexts := []string{"Привет!", "你好，世界", "안녕하세요", "good game :) e4 e5", "a ❤ b"}
	for i, text := range goodTexts {
		if m := e.say(c.ID, white, "players", text); m.Text != text || m.Seq != int64(i+1) {
			t.Errorf("chat %+q = %+q, seq %d; want it as sent, seq %d", text, m.Text, m.Seq, i+1)
		}
	}
	if n := len(e.chatLog(c.ID, white, "players", 0)); n != len(goodTexts) {
		t.Errorf("chat has %d messages, want %d", n, len(goodTexts))
	}
}

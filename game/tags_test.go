package game

import (
	"strings"
	"testing"
)

// TestParseTag: a tag line FormatTags wrote reads back to its name and
// value, escapes undone; lines of another form are refused.
func TestParseTag(t *testing.T) {
	v := `say "hi" \ there`
	line := strings.TrimSuffix(FormatTags(map[string]string{"Event": v}), "\n")
	if name, got, ok := ParseTag(line); !ok || name != "Event" || got != v {
		t.Fatalf("ParseTag(%q) = %q %q %v, want Event %q", line, name, got, ok, v)
	}
	for _, bad := range []string{`[Event test]`, `Event "x"]`, `[Event "x"`, `[Event]`, `[Event "]`} {
		if _, _, ok := ParseTag(bad); ok {
			t.Errorf("ParseTag(%q) took it", bad)
		}
	}
}

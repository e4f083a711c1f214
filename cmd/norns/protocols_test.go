package main

import (
	"strings"
	"testing"
)

// TestUCICommand: norns uci speaks UCI on standard input and output, named
// after the program and its version.
func TestUCICommand(t *testing.T) {
	out, stderr, err := run(t, "uci\nisready\nquit\n", "uci")
	if err != nil {
		t.Fatalf("norns uci: %v\n%s", err, stderr)
	}
	first, _, _ := strings.Cut(out, "\n")
	if first != "id name Norns "+version || !strings.HasSuffix(out, "uciok\nreadyok\n") {
		t.Errorf("norns uci answered:\n%s", out)
	}
}

// TestOTEPCommandFlags: norns otep passes --level to the engine, which
// refuses an unknown one before saying hello, and says hello for a known
// one.
func TestOTEPCommandFlags(t *testing.T) {
	tests := []struct {
		args   []string
		out    string
		errMsg string
	}{
		{[]string{"otep"}, "hello\n", ""},
		{[]string{"otep", "--level", "easy", "--time", "50ms"}, "hello\n", ""},
		{[]string{"otep", "--level", "grandmaster"}, "", `otep: unknown level "grandmaster" (easy, medium, hard)`},
		{[]string{"otep", "--time", "soon"}, "", `invalid argument "soon" for "--time"`},
	}
	for _, tc := range tests {
		out, stderr, err := run(t, "goodbye\n", tc.args...)
		if out != tc.out {
			t.Errorf("norns %s: output %q, want %q", strings.Join(tc.args, " "), out, tc.out)
		}
		if tc.errMsg == "" {
			if err != nil {
				t.Errorf("norns %s: %v\n%s", strings.Join(tc.args, " "), err, stderr)
			}
		} else if err == nil || !strings.Contains(stderr, tc.errMsg) {
			t.Errorf("norns %s: err %v, stderr %q, want %q", strings.Join(tc.args, " "), err, stderr, tc.errMsg)
		}
	}
}

package server_test

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/wire"
)

// signingKey asks a server for its public key (GET /api/signing-key).
func (e *env) signingKey() string {
	e.t.Helper()
	var k wire.SigningKeyJSON
	e.must("GET", "/api/signing-key", "", nil, &k)
	if k.Alg != "Ed25519" || len(k.Key) != 2*ed25519.PublicKeySize {
		e.t.Fatalf("GET /api/signing-key = %+v, want an Ed25519 key in hex", k)
	}
	return k.Key
}

// resignedChess plays a chess game in which white makes its first legal
// move and black resigns; it returns the game's id and the move.
func resignedChess(t *testing.T, e *env) (string, string) {
	t.Helper()
	c := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	tokens := tokensOf(c)
	v := e.view(c.ID)
	e.must("POST", "/api/games/"+c.ID+"/actions", tokens["white"], map[string]any{"action": v.Legal[0], "seq": v.Seq}, nil)
	e.must("POST", "/api/games/"+c.ID+"/resign", tokens["black"], nil, nil)
	if v := e.view(c.ID); !v.Finished {
		t.Fatalf("the chess game is not over after black resigned: %s", v.Status)
	}
	return c.ID, v.Legal[0]
}

// otherFirstMove returns a legal first move of white in chess, as the
// record writes it, other than played.
func otherFirstMove(t *testing.T, played string) string {
	t.Helper()
	g, err := games.ByName("chess")
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range st.Legal() {
		if s := st.ActionString(a); s != played {
			return s
		}
	}
	t.Fatal("white has a single first move")
	return ""
}

// resign returns the record signed anew by key instead of the server's key.
func resign(t *testing.T, signed string, key ed25519.PrivateKey) string {
	t.Helper()
	rec, err := record.Parse(strings.NewReader(signed))
	if err != nil {
		t.Fatal(err)
	}
	delete(rec.Tags, record.TagSigningKey)
	rec.Order = slices.DeleteFunc(rec.Order, func(k string) bool { return k == record.TagSigningKey })
	if err := record.Sign(rec, key); err != nil {
		t.Fatal(err)
	}
	text, err := record.SignedText(rec)
	if err != nil {
		t.Fatal(err)
	}
	// The signed text is the record without its Signature tag: put it back.
	return strings.Replace(text, "\n\n", fmt.Sprintf("\n[Signature %q]\n\n", rec.Signature), 1)
}

// TestSignedRecords: the server signs the record of a finished game, in
// its text and JSON forms alike, with the key GET /api/signing-key gives;
// both verify as signed by it. A record changed after signing, into a
// record that replays (another legal move, a tag), does not verify; nor
// one whose Signature tag was removed. A record signed by another key
// verifies as signed by that key, which norns verify --key refuses, as it
// refuses a record not signed at all.
func TestSignedRecords(t *testing.T) {
	e := start(t, nil)
	key := e.signingKey()
	id, played := resignedChess(t, e)
	text := e.record(id, "norns")
	js := e.record(id, "json")

	// The signature covers the record as written, without its Signature
	// tag (and its chat: this game has none).
	rec, err := record.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	signed, err := record.SignedText(rec)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(text, fmt.Sprintf("[Signature %q]\n", rec.Signature), "", 1); signed != want || want == text {
		t.Fatalf("SignedText = %q, want the record without its Signature tag %q", signed, want)
	}
	var j record.JSON
	if err := json.Unmarshal([]byte(js), &j); err != nil {
		t.Fatal(err)
	}
	if j.Signature != rec.Signature {
		t.Errorf("the JSON record's signature = %q, the text record's %q, want one signature", j.Signature, rec.Signature)
	}

	// An unfinished game's record is not signed.
	u := e.create(wire.CreateRequest{Game: "chess", Seats: seats("h", "h")})
	ongoing := e.record(u.ID, "norns")

	other := otherFirstMove(t, played)
	rewritten := edit(t, text, func(l []string) []string {
		i := slices.Index(l, "1 move white "+played)
		if i < 0 {
			t.Fatalf("no line %q in the record", "1 move white "+played)
		}
		l[i] = "1 move white " + other
		return l
	})
	j.Events[0].Action = other
	b, _ := json.Marshal(j)
	rewrittenJSON := string(b)
	j.Events[0].Action = played
	i := slices.IndexFunc(j.Tags, func(kv [2]string) bool { return kv[0] == "Date" })
	j.Tags[i][1] = "1999.01.01"
	b, _ = json.Marshal(j)
	dateJSON := string(b)
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	otherHex := hex.EncodeToString(otherKey.Public().(ed25519.PublicKey))
	byOther := resign(t, text, otherKey)
	const mismatch = "the signature does not match the record"

	tests := []struct {
		name, record string
		// wantErr is in Verify's error; "" means the record verifies with
		// Signed wantSigned by wantKey.
		wantErr    string
		wantSigned bool
		wantKey    string
	}{
		{name: "text record", record: text, wantSigned: true, wantKey: key},
		{name: "JSON record", record: js, wantSigned: true, wantKey: key},
		{name: "game not over", record: ongoing},
		{name: "move rewritten", record: rewritten, wantErr: mismatch},
		{name: "JSON record, move rewritten", record: rewrittenJSON, wantErr: mismatch},
		{name: "Date changed", record: setTag(t, text, "Date", "1999.01.01"), wantErr: mismatch},
		{name: "seat changed", record: setTag(t, text, "Seat white", "ai hard"), wantErr: mismatch},
		{name: "JSON record, tag changed", record: dateJSON, wantErr: mismatch},
		{name: "Signature removed", record: dropTag(t, text, "Signature"), wantErr: "carries no signature"},
		{name: "SigningKey removed", record: dropTag(t, text, "SigningKey"), wantErr: "no SigningKey tag"},
		{name: "both removed", record: dropTag(t, dropTag(t, text, "Signature"), "SigningKey")},
		{name: "signed by another key", record: byOther, wantSigned: true, wantKey: otherHex},
		{name: "another key's signature, the server's key named", record: setTag(t, byOther, "SigningKey", key), wantErr: mismatch},
		{name: "signature not hex", record: setTag(t, text, "Signature", "xyz"), wantErr: "is not 128 hex digits"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := verifyText(tt.record)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Verify(%s) = %v, want it to verify\n%s", tt.name, err, tt.record)
			case tt.wantErr == "":
				if v.Signed != tt.wantSigned || v.Key != tt.wantKey {
					t.Errorf("Verify(%s) = signed %v by %q, want signed %v by %q", tt.name, v.Signed, v.Key, tt.wantSigned, tt.wantKey)
				}
			case err == nil:
				t.Errorf("Verify(%s) = %+v, nil, want an error with %q", tt.name, v, tt.wantErr)
			case !strings.Contains(err.Error(), tt.wantErr):
				t.Errorf("Verify(%s) = %v, want an error with %q", tt.name, err, tt.wantErr)
			}
		})
	}

	// The command, with and without the server's key.
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	dir := t.TempDir()
	unsigned := dropTag(t, dropTag(t, text, "Signature"), "SigningKey")
	commands := []struct {
		name, record string
		args         []string
		code         int
		want         string
	}{
		{"signed, no key given", text, nil, 0, "signed by " + key + " (the key the record names"},
		{"signed, --key", text, []string{"--key", key}, 0, "signed by " + key + " (the key given)"},
		{"JSON, --key", js, []string{"--key", strings.ToUpper(key)}, 0, "signed by " + key + " (the key given)"},
		{"signed, --key-url", text, []string{"--key-url", e.base + "/api/signing-key"}, 0, "signed by " + key + " (the key given)"},
		{"signed, --key-url of the server", js, []string{"--key-url", e.base}, 0, "signed by " + key + " (the key given)"},
		{"unsigned, no key given", unsigned, nil, 0, "; not signed\n"},
		{"unsigned, --key", unsigned, []string{"--key", key}, 1, "not signed, and --key asks for a record signed by " + key},
		{"another key, --key", byOther, []string{"--key", key}, 1, "signed by " + otherHex + ", not by the key " + key},
		{"another key, --key-url", byOther, []string{"--key-url", e.base}, 1, "signed by " + otherHex + ", not by the key " + key},
		{"move rewritten, --key", rewritten, []string{"--key", key}, 1, mismatch},
		{"bad --key", text, []string{"--key", "abc"}, 1, "is not 64 hex digits"},
	}
	for i, tt := range commands {
		code, out := runVerify(t, filepath.Join(dir, fmt.Sprintf("%d.norns", i)), tt.record, tt.args...)
		if code != tt.code || !strings.Contains(string(out), tt.want) {
			t.Errorf("norns verify %v (%s) = exit %d\n%s\nwant exit %d and %q", tt.args, tt.name, code, out, tt.code, tt.want)
		}
	}
}

// TestSigningKeyTwoInstances: two instances on one PostgreSQL give the
// same key at GET /api/signing-key, and a record one of them signed
// verifies with the key the other gives.
func TestSigningKeyTwoInstances(t *testing.T) {
	a, b := pair(t, nil)
	ka, kb := a.signingKey(), b.signingKey()
	if ka != kb {
		t.Fatalf("GET /api/signing-key = %s on one instance, %s on the other, want one key", ka, kb)
	}
	id, _ := resignedChess(t, a)
	for _, format := range []string{"norns", "json"} {
		v, err := verifyText(b.record(id, format))
		if err != nil || !v.Signed || v.Key != kb {
			t.Errorf("Verify(the %s record signed by one instance) = %+v, %v, want signed by %s", format, v, err, kb)
		}
	}
}

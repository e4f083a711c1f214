package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/wire"
)

// nonces is the game's view, for its seats' nonce commitments and
// reveal counts (Seats) and its dice scheme (Fairness).
func (a *app) nonces(id string) wire.View {
	a.t.Helper()
	return a.view(id)
}

// secretOf is the nonce secret the user's browser keeps for a seat.
func (u *user) secretOf(id, player string) []byte {
	u.t.Helper()
	s := u.eval(fmt.Sprintf(`JSON.parse(localStorage.getItem("norns.secrets.%s") || "{}")[%q] || ""`, id, player))
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != dice.NonceSize {
		u.t.Fatalf("the browser's secret for %s of %s is %q, want 32 bytes in hex", player, id, s)
	}
	return b
}

// playInPage plays up to n random legal moves of the seats given by
// typing them into the page, the AI and the dice answering in between.
func (u *user) playInPage(a *app, id string, n int, rng *rand.Rand, seats ...string) {
	u.t.Helper()
	seq := int64(-1)
	for i := 0; i < n; i++ {
		v := a.waitTurn(id, seq, seats...)
		if v.Finished {
			return
		}
		u.waitPosition(v.Position)
		u.wait("the move box", `!document.querySelector("#move-input").disabled`, 10*time.Second)
		u.typeMove(v.Legal[rng.IntN(len(v.Legal))])
		a.waitMoved(id, v.Seq)
		seq = v.Seq
	}
}

// v1Record plays Seiðr chess to its end with random legal moves and the
// rolls of scheme norns-dice-v1, as a server before scheme v2 did, and
// writes its Norns record; it returns the record and its number of rolls.
func v1Record(t *testing.T) (string, int) {
	t.Helper()
	g, err := games.ByName("seidr")
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	seed := sha256.Sum256([]byte("a v1 server seed"))
	roller := dice.NewRoller(seed[:], []string{"white's seed", ""})
	rng := rand.New(rand.NewPCG(1, 1))
	var lines []string
	rolls := 0
	for !st.Terminal() {
		var a game.Action
		kind := "roll chance "
		if st.Player() == game.Chance {
			if a, err = roller.Roll(uint64(rolls), st.ChanceOutcomes()); err != nil {
				t.Fatal(err)
			}
			rolls++
		} else {
			legal := st.Legal()
			a = legal[rng.IntN(len(legal))]
			kind = "move " + st.Players()[st.Player()] + " "
		}
		lines = append(lines, fmt.Sprintf("%d %s%s", len(lines)+1, kind, st.ActionString(a)))
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	tags := []string{
		"# norns record 1",
		`[Game "seidr"]`,
		`[Options ""]`,
		`[Scheme "norns-dice-v1"]`,
		fmt.Sprintf("[Commitment %q]", dice.Commit(seed[:])),
		`[Seed white "white's seed"]`,
		`[Seed black ""]`,
		fmt.Sprintf("[ServerSeed %q]", hex.EncodeToString(seed[:])),
		fmt.Sprintf("[Status %q]", game.Status(st)),
		fmt.Sprintf("[Result %q]", game.Describe(st)),
		"",
	}
	return strings.Join(append(tags, lines...), "\n") + "\n", rolls
}

// TestNonceGame: a Seiðr game created in the browser against the AI
// commits to the seat's first dice nonce with its seed, from a secret the
// browser keeps beside the token (the commitment is the one package dice
// derives from that secret), and every move made in the page reveals the
// nonce and commits to the next: the record's lines of the person's moves
// carry {nonce … next …}, norns verify counts the rolls they caused, and
// the page's check says all the rolls match and how many of them a
// revealed nonce caused; the verify page finds a nonce altered or a
// reveal dropped, and still checks a record of scheme v1. In hot seat each seat has a secret of its own. A
// browser that lost a committed seat's secret says why it cannot move,
// and the game does not change.
func TestNonceGame(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	rng := rand.New(rand.NewPCG(7, 70))
	u := b.user("player")
	u.do(chromedp.Navigate(a.url("/new/seidr")))
	u.wait("the form", `!!document.querySelector("#create-game")`, 10*time.Second)
	u.click(`input[name="mode"][value="ai"]`)
	u.firstSeat() // the creator first, not a random colour
	u.click("#create-game")
	u.wait("the game page", `location.pathname.startsWith("/games/") && !!document.querySelector(".game-board")`, 10*time.Second)
	id := strings.TrimPrefix(u.eval(`location.pathname`), "/games/")
	secret := u.secretOf(id, "white")
	commit := func(k int) string { return dice.CommitNonce(dice.Nonce(secret, id, uint64(k))) }
	nv := a.nonces(id)
	if nv.Fairness.Scheme != dice.SchemeV2 || nv.Seats[0].Commit != commit(0) {
		t.Fatalf("scheme %s, white's commitment %q; want %s and commit 0 of the browser's secret %s", nv.Fairness.Scheme, nv.Seats[0].Commit, dice.SchemeV2, commit(0))
	}

	u.playInPage(a, id, 6, rng, "white")
	nv = a.nonces(id)
	if k := nv.Seats[0].Reveals; k == 0 || nv.Seats[0].Commit != commit(k) {
		t.Fatalf("after the moves: %d reveals, pending %q; want some, and commit %d", k, nv.Seats[0].Commit, k)
	}
	token := u.eval(fmt.Sprintf(`JSON.parse(localStorage.getItem("norns.seats.%s")).white`, id))
	if v := a.view(id); !v.Finished {
		if err := a.call("POST", "/api/games/"+id+"/resign", token, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	text := a.record(id, "norns")
	moves := 0
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) >= 4 && f[1] == "move" && f[2] == "white" {
			moves++
			if !strings.Contains(l, " {nonce ") || !strings.HasSuffix(l, "}") {
				t.Errorf("white's move line %q carries no nonce", l)
			}
		}
	}
	if moves == 0 || !strings.Contains(text, fmt.Sprintf(`[Commit white "%s"]`, commit(0))) {
		t.Fatalf("%d moves of white; the record:\n%s", moves, text)
	}
	ver := verified(t, text)
	if ver.Scheme != dice.SchemeV2 || ver.Caused == 0 || ver.Caused > ver.Rolls {
		t.Fatalf("verify: scheme %s, %d of %d rolls caused by a nonce; want %s and some", ver.Scheme, ver.Caused, ver.Rolls, dice.SchemeV2)
	}
	if !ver.Signed {
		t.Fatalf("the record is not signed")
	}
	want := tr(i18n.English, "verify.ok.v2", "n", ver.Rolls, "caused", ver.Caused) + " · " + tr(i18n.English, "verify.signed", "key", ver.Key)
	u.wait("the dice checked", `(document.querySelector("#verify-result") || {dataset: {}}).dataset.ok !== undefined`, 30*time.Second)
	if got := u.text("#verify-result"); got != want || u.eval(`document.querySelector("#verify-result").dataset.ok`) != "true" {
		t.Errorf("the page's check says %q, want %q", got, want)
	}
	t.Logf("%d moves of white: %s", moves, want)
	u.shot("web-dice-check-nonces", "#fair-panel")

	// The verify page: the record as text and as JSON, a nonce altered, a
	// reveal dropped.
	n0 := hex.EncodeToString(dice.Nonce(secret, id, 0))
	first := " {nonce " + n0 + " next " + commit(1) + "}"
	firstSeq := 0
	for _, l := range strings.Split(text, "\n") {
		if strings.HasSuffix(l, first) {
			fmt.Sscan(l, &firstSeq)
		}
	}
	if firstSeq == 0 {
		t.Fatalf("the record has no line ending %q", first)
	}
	// The nonce with its first digit changed.
	alt := "0"
	if n0[0] == '0' {
		alt = "1"
	}
	flipped := " {nonce " + alt + n0[1:] + " next " + commit(1) + "}"
	v1, v1Rolls := v1Record(t)
	if ver := verified(t, v1); ver.Scheme != dice.SchemeV1 || ver.Rolls != v1Rolls {
		t.Fatalf("the v1 record verifies as %s with %d rolls, want %s and %d", ver.Scheme, ver.Rolls, dice.SchemeV1, v1Rolls)
	}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
		c := b.user("checker-" + string(lang))
		c.inLang(a, lang, "Ann")
		c.do(chromedp.Navigate(a.url("/verify")))
		c.wait("the verify page", `!!document.querySelector("#verify-record")`, 10*time.Second)
		for _, rec := range []struct {
			name, text string
			ok         bool
			want       string
		}{
			{"the record", text, true, tr(lang, "verify.ok.v2", "n", ver.Rolls, "caused", ver.Caused) + " · " + tr(lang, "verify.signed", "key", ver.Key)},
			{"the JSON record", a.record(id, "json"), true, tr(lang, "verify.ok.v2", "n", ver.Rolls, "caused", ver.Caused) + " · " + tr(lang, "verify.signed", "key", ver.Key)},
			{"a nonce altered", strings.Replace(text, first, flipped, 1), false, tr(lang, "verify.nonce.mismatch", "seq", firstSeq, "player", "white")},
			{"a reveal dropped", strings.Replace(text, first, "", 1), false, tr(lang, "verify.nonce.missing", "seq", firstSeq, "player", "white")},
			{"a record of scheme v1", v1, true, tr(lang, "verify.ok", "n", v1Rolls) + " · " + tr(lang, "verify.unsigned")},
		} {
			js, _ := json.Marshal(rec.text)
			c.eval(fmt.Sprintf(`document.querySelector("#verify-record").value = %s, document.querySelector("#verify-result").textContent = "", delete document.querySelector("#verify-result").dataset.ok, "ok"`, js))
			c.click("#verify-check")
			c.wait("the check", `document.querySelector("#verify-result").dataset.ok !== undefined`, 20*time.Second)
			got := c.text("#verify-result")
			if ok := c.eval(`document.querySelector("#verify-result").dataset.ok`) == "true"; ok != rec.ok || got != rec.want {
				t.Errorf("%s, %s: the verify page says %q (ok %v), want %q (ok %v)", lang, rec.name, got, ok, rec.want, rec.ok)
			}
		}
	}

	// Hot seat: a secret for each seat, each seat's moves with its nonces.
	h := b.user("hotseat")
	hotSeat := func() string {
		h.do(chromedp.Navigate(a.url("/new/seidr")))
		h.wait("the form", `!!document.querySelector("#create-game")`, 10*time.Second)
		h.click(`input[name="mode"][value="hotseat"]`)
		h.click("#create-game")
		h.wait("the game page", `location.pathname.startsWith("/games/") && !!document.querySelector(".game-board")`, 10*time.Second)
		return strings.TrimPrefix(h.eval(`location.pathname`), "/games/")
	}
	hid := hotSeat()
	white, black := h.secretOf(hid, "white"), h.secretOf(hid, "black")
	if hex.EncodeToString(white) == hex.EncodeToString(black) {
		t.Fatal("the two seats of the hot-seat game have the same secret")
	}
	h.playInPage(a, hid, 6, rng, "white", "black")
	nv = a.nonces(hid)
	for i, s := range [][]byte{white, black} {
		seat := nv.Seats[i]
		if seat.Reveals == 0 || seat.Commit != dice.CommitNonce(dice.Nonce(s, hid, uint64(seat.Reveals))) {
			t.Errorf("hot seat, %s: %d reveals, pending %q; want some, each from its own secret", seat.Player, seat.Reveals, seat.Commit)
		}
	}

	// A seat whose secret this browser lost: the page says why the move
	// is not made, and nothing changes (in a new game: the one above may
	// be over).
	hid = hotSeat()
	v := a.waitTurn(hid, -1, "white", "black")
	h.eval(fmt.Sprintf(`localStorage.removeItem("norns.secrets.%s"), "ok"`, hid))
	h.do(chromedp.Navigate(a.url("/games/" + hid)))
	h.waitPosition(v.Position)
	h.wait("the move box", `!document.querySelector("#move-input").disabled`, 10*time.Second)
	h.typeMove(v.Legal[0])
	wantErr := tr(i18n.English, "game.nosecret", "player", tr(i18n.English, "player."+v.ToMove))
	h.wait("the error", fmt.Sprintf(`document.querySelector("#error").innerText === %q`, wantErr), 10*time.Second)
	if after := a.view(hid); after.Seq != v.Seq {
		t.Errorf("the move without a secret changed the game: seq %d → %d", v.Seq, after.Seq)
	}
}

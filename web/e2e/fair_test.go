package e2e

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/wire"
)

// record fetches a game's record in a format.
func (a *app) record(id, format string) string {
	a.t.Helper()
	resp, err := http.Get(a.url("/api/games/" + id + "/record?format=" + format))
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		a.t.Fatalf("record %s of %s: %d %s", format, id, resp.StatusCode, b)
	}
	return string(b)
}

// playSome plays up to n random legal moves of seat me through the API
// (the AI and the dice answering in between), then resigns for it if the
// game is not over: a finished game, its server seed revealed.
func (a *app) playSome(id, token, me string, n int, rng *rand.Rand) wire.View {
	a.t.Helper()
	seq := int64(-1)
	for i := 0; i < n; i++ {
		v := a.waitTurn(id, seq, me)
		if v.Finished {
			return v
		}
		action := v.Legal[rng.IntN(len(v.Legal))]
		if err := a.call("POST", "/api/games/"+id+"/actions", token, map[string]any{"action": action, "seq": v.Seq}, nil); err != nil {
			a.t.Fatal(err)
		}
		seq = v.Seq
	}
	v := a.waitTurn(id, seq, me)
	if !v.Finished {
		if err := a.call("POST", "/api/games/"+id+"/resign", token, nil, nil); err != nil {
			a.t.Fatal(err)
		}
	}
	return a.view(id)
}

// must returns v, and panics on err: for what the test made itself from
// a record it has read already.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// verified checks a record with norns verify's code.
func verified(t *testing.T, text string) *record.Verification {
	t.Helper()
	rec, err := record.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatalf("ParseRecord: %v\n%s", err, text)
	}
	v, err := record.Verify(rec, games.All)
	if err != nil {
		t.Fatalf("Verify: %v\n%s", err, text)
	}
	return v
}

// TestNotFound: a game id the server does not know, a game name it does
// not offer, the replay of no game and an address of no page are each a
// not-found page in the reader's language with a link to the lobby, never
// an empty game page or a raw catalog key.
func TestNotFound(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
		u := b.user("reader-" + string(lang))
		u.inLang(a, lang, "Ann")
		for _, tc := range []struct{ path, kind, title, text string }{
			{"/games/aaaaaaaaaaaaaaaa", "game", tr(lang, "game.notfound"), tr(lang, "notfound.game", "id", "aaaaaaaaaaaaaaaa")},
			{"/new/nosuch", "name", tr(lang, "page.notfound"), tr(lang, "notfound.name", "name", "nosuch")},
			{"/rules/nosuch", "name", tr(lang, "page.notfound"), tr(lang, "notfound.name", "name", "nosuch")},
			{"/replay/aaaaaaaaaaaaaaaa", "game", tr(lang, "game.notfound"), tr(lang, "notfound.game", "id", "aaaaaaaaaaaaaaaa")},
			{"/nowhere/at/all", "page", tr(lang, "page.notfound"), tr(lang, "notfound.page")},
		} {
			u.do(chromedp.Navigate(a.url(tc.path)))
			u.wait("the not-found page of "+tc.path, `!!document.querySelector("#not-found")`, 10*time.Second)
			if got := u.eval(`document.querySelector("#not-found").dataset.missing`); got != tc.kind {
				t.Errorf("%s %s: missing %q, want %q", lang, tc.path, got, tc.kind)
			}
			if got := u.text("#not-found h1"); got != tc.title {
				t.Errorf("%s %s: title %q, want %q", lang, tc.path, got, tc.title)
			}
			if got := u.text("#not-found p"); got != tc.text {
				t.Errorf("%s %s: text %q, want %q", lang, tc.path, got, tc.text)
			}
			if got := u.eval(`document.querySelector("#to-lobby").getAttribute("href") + " " + document.querySelector("#to-lobby").innerText`); got != "/ "+tr(lang, "notfound.lobby") {
				t.Errorf("%s %s: the link %q, want the lobby", lang, tc.path, got)
			}
			if got := u.eval(`String(!!document.querySelector("#move-input") || document.body.innerText.includes("game.nosuch") || document.body.innerText.includes("notfound."))`); got != "false" {
				t.Errorf("%s %s: the page shows a move box or a raw key: %q", lang, tc.path, u.text("main"))
			}
			if lang == i18n.English && tc.path == "/games/aaaaaaaaaaaaaaaa" {
				u.shot("web-notfound-"+string(lang), "#app")
			}
		}
		// The link goes to the lobby.
		u.click("#to-lobby")
		u.wait("the lobby", `location.pathname === "/" && !!document.querySelector(".game-card")`, 10*time.Second)
	}
}

// TestDiceCheck: once a game with dice is over, its page checks every
// roll itself (the derivation of norns verify, in the page) and the
// record's Ed25519 signature (WebCrypto), and says "N rolls checked: all
// match; 0 of them with the nonce… · Signed by this server's key …" (the
// seats committed to none), for each game with dice; a record with one
// roll changed, pasted into the verify page, names the first roll that
// does not match, in the reader's language; norns verify agrees. A record
// whose tag was changed, or signed by another key, is refused by the
// verify page as by norns verify.
func TestDiceCheck(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	var key wire.SigningKeyJSON
	if err := a.call("GET", "/api/signing-key", "", nil, &key); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 11))
	var seidr, seidrJSON string
	for _, tc := range []struct {
		game  string
		moves int
	}{{"seidr", 12}, {"luxumbra", 10}, {"nordsloki", 8}} {
		id, grants := a.create(tc.game, nil, map[string]string{"type": "human"}, map[string]string{"type": "ai", "level": "easy"})
		me, token := grants[0].Player, grants[0].Token
		v := a.playSome(id, token, me, tc.moves, rng)
		if !v.Finished {
			t.Fatalf("%s: the game is not over after the resignation", tc.game)
		}
		text := a.record(id, "norns")
		ver := verified(t, text)
		if ver.Rolls < 2 {
			t.Fatalf("%s: %d rolls, want a few", tc.game, ver.Rolls)
		}
		u := b.user("player-" + tc.game)
		u.holdSeats(a, id, map[string]string{me: token})
		u.do(chromedp.Navigate(a.url("/games/" + id)))
		u.wait("the dice checked", `(document.querySelector("#verify-result") || {dataset: {}}).dataset.ok !== undefined`, 20*time.Second)
		if !ver.Signed || ver.Key != key.Key {
			t.Fatalf("%s: norns verify: signed %v by %q, want signed by %s", tc.game, ver.Signed, ver.Key, key.Key)
		}
		// The seats committed to no nonce (their seeds came through the
		// API without): none of the rolls is caused by one.
		want := tr(i18n.English, "verify.ok.v2", "n", ver.Rolls, "caused", 0) + " · " + tr(i18n.English, "verify.signed", "key", key.Key)
		if got := u.text("#verify-result"); got != want || u.eval(`document.querySelector("#verify-result").dataset.ok`) != "true" ||
			u.eval(`document.querySelector("#verify-result").dataset.signed`) != "signed" {
			t.Errorf("%s: the page's check says %q, want %q", tc.game, got, want)
		}
		t.Logf("%s: %s", tc.game, want)
		if tc.game == "seidr" {
			seidr, seidrJSON = text, a.record(id, "json")
			u.shot("web-dice-check", "#fair-panel")
		}
	}

	// One roll changed: the second roll of the Seiðr game gets another
	// face.
	lines := strings.Split(seidr, "\n")
	rolls, changed := 0, ""
	var seq int
	var was, now string
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) == 4 && f[1] == "roll" {
			rolls++
			if rolls == 2 {
				n, _ := strconv.Atoi(f[3])
				was, now = f[3], strconv.Itoa(n%8+1)
				seq, _ = strconv.Atoi(f[0])
				lines[i] = strings.Join([]string{f[0], f[1], f[2], now}, " ")
				changed = strings.Join(lines, "\n")
				break
			}
		}
	}
	if changed == "" {
		t.Fatal("the Seiðr record has fewer than 2 rolls")
	}
	if rec, err := record.Parse(strings.NewReader(changed)); err != nil {
		t.Fatal(err)
	} else if _, err := record.Verify(rec, games.All); err == nil || !strings.Contains(err.Error(), "seeds give "+was) {
		t.Fatalf("norns verify of the changed record: %v, want roll 1 found changed", err)
	}
	// A server seed that is not the commitment's.
	badSeed := regexp.MustCompile(`\[ServerSeed "(.)`).ReplaceAllStringFunc(seidr, func(m string) string {
		if strings.HasSuffix(m, "0") {
			return m[:len(m)-1] + "1"
		}
		return m[:len(m)-1] + "0"
	})
	// A tag changed (the record still replays: only the signature
	// tells), and the record signed anew by a key not the server's.
	redated := regexp.MustCompile(`\[Date "[^"]*"\]`).ReplaceAllString(seidr, `[Date "1999.01.01"]`)
	if _, err := record.Verify(must(record.Parse(strings.NewReader(redated))), games.All); err == nil || !strings.Contains(err.Error(), "signature does not match") {
		t.Fatalf("norns verify of the record with its Date changed: %v, want the signature not to match", err)
	}
	otherKey := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	other := must(record.Parse(strings.NewReader(seidr)))
	delete(other.Tags, record.TagSigningKey)
	other.Order = slices.DeleteFunc(other.Order, func(k string) bool { return k == record.TagSigningKey })
	if err := record.Sign(other, otherKey); err != nil {
		t.Fatal(err)
	}
	byOther := strings.Replace(must(record.SignedText(other)), "\n\n", "\n[Signature \""+other.Signature+"\"]\n\n", 1)
	otherHex := hex.EncodeToString(otherKey.Public().(ed25519.PublicKey))
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
		u := b.user("checker-" + string(lang))
		u.inLang(a, lang, "Ann")
		u.do(chromedp.Navigate(a.url("/verify")))
		u.wait("the verify page", `!!document.querySelector("#verify-record")`, 10*time.Second)
		for _, rec := range []struct {
			text string
			ok   bool
			want string
		}{
			{seidr, true, ""},
			{seidrJSON, true, ""},
			{redated, false, tr(lang, "verify.badsignature")},
			{byOther, false, tr(lang, "verify.otherkey", "key", otherHex, "server", key.Key)},
			{changed, false, tr(lang, "verify.mismatch", "n", 2, "seq", seq, "recorded", now, "derived", was)},
			{badSeed, false, tr(lang, "verify.commitment")},
			{"[Event \"?\"]\n", false, tr(lang, "verify.pgn")},
		} {
			js, _ := json.Marshal(rec.text)
			u.eval(fmt.Sprintf(`document.querySelector("#verify-record").value = %s, document.querySelector("#verify-result").textContent = "", delete document.querySelector("#verify-result").dataset.ok, "ok"`, js))
			u.click("#verify-check")
			u.wait("the check", `document.querySelector("#verify-result").dataset.ok !== undefined`, 20*time.Second)
			got := u.text("#verify-result")
			if ok := u.eval(`document.querySelector("#verify-result").dataset.ok`) == "true"; ok != rec.ok || (rec.want != "" && got != rec.want) {
				t.Errorf("%s: the verify page says %q (ok %v), want %q (ok %v)", lang, got, ok, rec.want, rec.ok)
			}
		}
	}
}

// TestRecordDownloads: every game's page offers its record in each of the
// catalog's formats, wherever the game has dice or not; each link
// downloads, and the Norns and JSON records read back with norns verify.
func TestRecordDownloads(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	var cat wire.CatalogResponse
	if err := a.call("GET", "/api/catalog", "", nil, &cat); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 8))
	u := b.user("player")
	for _, g := range cat.Games {
		id, grants := a.create(g.Name, nil, map[string]string{"type": "human"}, map[string]string{"type": "ai", "level": "easy"})
		a.playSome(id, grants[0].Token, grants[0].Player, 3, rng)
		u.holdSeats(a, id, map[string]string{grants[0].Player: grants[0].Token})
		u.do(chromedp.Navigate(a.url("/games/" + id)))
		u.wait("the record links", fmt.Sprintf(`document.querySelectorAll("#records a[data-format]").length === %d`, len(g.Records)), 10*time.Second)
		formats := u.eval(`[...document.querySelectorAll("#records a[data-format]")].map((a) => a.dataset.format).join(" ")`)
		if formats != strings.Join(g.Records, " ") {
			t.Errorf("%s: the page offers %q, the catalog %q", g.Name, formats, g.Records)
		}
		if u.eval(`String(document.querySelector("#records-panel").offsetParent !== null)`) != "true" {
			t.Errorf("%s: the record panel is hidden", g.Name)
		}
		// Each link, fetched by the page.
		u.eval(`window.__records = {}, [...document.querySelectorAll("#records a[data-format]")].forEach((a) => fetch(a.href).then((r) => r.text()).then((t) => (window.__records[a.dataset.format] = t))), "ok"`)
		u.wait("the downloads", fmt.Sprintf(`Object.keys(window.__records).length === %d`, len(g.Records)), 10*time.Second)
		for _, f := range g.Records {
			text := u.eval(fmt.Sprintf(`window.__records[%q]`, f))
			switch f {
			case "norns", "json":
				v := verified(t, text)
				if v.Game != g.Name || !v.Over {
					t.Errorf("%s: the %s record verifies as %+v", g.Name, f, v)
				}
			case "pgn":
				if !strings.HasPrefix(text, "[Event ") {
					t.Errorf("%s: the PGN begins %q", g.Name, text[:min(len(text), 40)])
				}
			case "text":
				if !strings.HasPrefix(text, "[") || len(text) < 40 {
					t.Errorf("%s: the text record is %q", g.Name, text)
				}
			}
		}
		if g.Name == "samurai" {
			u.shot("web-records", "#records-panel")
		}
	}
}

// TestSeedTyped: the create page takes a dice seed typed by the player,
// which the record's Seed tag carries; the game page lets the seat change
// it until the first roll, the seat's nonce commitment staying. The
// Replay page lists the games this browser played, and keeps the lab's
// record box on a page of its own.
func TestSeedTyped(t *testing.T) {
	b := newBrowser(t)
	a := startApp(t)
	u := b.user("player")
	u.do(chromedp.Navigate(a.url("/new/seidr")))
	u.wait("the form", `!!document.querySelector("#create-seed")`, 10*time.Second)
	u.click(`input[name="mode"][value="ai"]`)
	// A seed the server would refuse is refused in the page.
	u.do(chromedp.SendKeys(chromedp.CSS("#create-seed"), `bad"seed`))
	u.firstSeat() // the creator first, not a random colour
	u.click("#create-game")
	u.wait("the seed refused", fmt.Sprintf(`document.querySelector("form.create > .error").innerText === %q`, tr(i18n.English, "seed.invalid")), 5*time.Second)
	u.eval(`document.querySelector("#create-seed").value = "", "ok"`)
	u.do(chromedp.SendKeys(chromedp.CSS("#create-seed"), "my lucky seed 7"))
	u.click("#create-game")
	u.wait("the game page", `location.pathname.startsWith("/games/") && !!document.querySelector(".game-board")`, 10*time.Second)
	id := strings.TrimPrefix(u.eval(`location.pathname`), "/games/")
	if rec := a.record(id, "norns"); !strings.Contains(rec, `[Seed white "my lucky seed 7"]`) {
		t.Fatalf("the record's tags:\n%s\nwant the seed typed", rec)
	}
	// Until the first roll (after White's first move) the seat may change
	// its seed.
	u.wait("the seed field", `(document.querySelector("#seed-input") || {}).value === "my lucky seed 7"`, 10*time.Second)
	u.eval(`document.querySelector("#seed-input").value = "", "ok"`)
	u.do(chromedp.SendKeys(chromedp.CSS("#seed-input"), "second thoughts"))
	u.click("#seed-set")
	u.wait("the seed saved", fmt.Sprintf(`document.querySelector("#seed-note").innerText === %q`, tr(i18n.English, "seed.saved")), 10*time.Second)
	if rec := a.record(id, "norns"); !strings.Contains(rec, `[Seed white "second thoughts"]`) {
		t.Fatalf("the record's tags:\n%s\nwant the seed changed", rec)
	}
	u.wait("the new seed shown", `document.querySelector("#fairness").innerText.includes("Seed of White: second thoughts")`, 10*time.Second)
	// The seed given again keeps the seat's commitment to its first nonce.
	if rec, want := a.record(id, "norns"), dice.CommitNonce(dice.Nonce(u.secretOf(id, "white"), id, 0)); !strings.Contains(rec, `[Commit white "`+want+`"]`) {
		t.Fatalf("the record's tags:\n%s\nwant the commitment %s kept", rec, want)
	}
	// Once the die has rolled the field is gone.
	v := a.view(id)
	u.waitPosition(v.Position)
	u.wait("the move box", `!document.querySelector("#move-input").disabled`, 10*time.Second)
	u.typeMove("e2e4")
	a.waitMoved(id, v.Seq)
	u.wait("the seed field gone", `!document.querySelector("#seed-input")`, 40*time.Second)

	// The Replay page lists the game; the lab's box is one link away.
	u.click(`header nav a[href="/replay"]`)
	u.wait("the games of this browser", fmt.Sprintf(`!!document.querySelector('#my-replays li[data-game="%s"]')`, id), 10*time.Second)
	if got := u.text(fmt.Sprintf(`#my-replays li[data-game="%s"] a`, id)); got != "Seiðr chess" && !regexp.MustCompile(`Sei`).MatchString(got) {
		t.Errorf("the game is listed as %q", got)
	}
	u.click(fmt.Sprintf(`#my-replays li[data-game="%s"] a`, id))
	u.wait("its replay", `location.pathname.startsWith("/replay/") && !!document.querySelector("#replay-slider")`, 10*time.Second)
	u.wait("its record to download", `[...document.querySelectorAll("#records a[data-format]")].map((a) => a.dataset.format).join(" ") === "pgn norns json"`, 10*time.Second)
	u.click(`header nav a[href="/replay"]`)
	u.click("#lab-link")
	u.wait("the lab's record box", `location.pathname === "/replay/lab" && !!document.querySelector("#record")`, 10*time.Second)
}

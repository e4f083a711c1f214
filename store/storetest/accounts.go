package storetest

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/norns-games/norns/store"
)

// RunAccounts runs the suite of store.Accounts; open returns a new, empty
// store for each test, which must implement store.Accounts.
func RunAccounts(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		f    func(*testing.T, store.Store, store.Accounts)
	}{
		{"CreateAccount", testCreateAccount},
		{"Sessions", testSessions},
		{"SetPassword", testSetPassword},
		{"AccountGames", testAccountGames},
		{"DeleteAccount", testDeleteAccount},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			defer s.Close()
			a, ok := s.(store.Accounts)
			if !ok {
				t.Fatalf("%T does not keep accounts", s)
			}
			tt.f(t, s, a)
		})
	}
}

func account(id, name, key, skel string) *store.Account {
	return &store.Account{ID: id, Name: name, Key: key, Skeleton: skel, Password: "hash of " + name, Created: t0}
}

func testCreateAccount(t *testing.T, _ store.Store, s store.Accounts) {
	ctx := context.Background()
	if err := s.CreateAccount(ctx, account("a1", "Ann", "ann", "ann")); err != nil {
		t.Fatal(err)
	}
	for _, a := range []*store.Account{
		account("a2", "ANN", "ann", "ann"),             // same key
		account("a3", "Anm", "anm", "ann"),             // same skeleton
		account("a1", "Bob", "bob", "bob"),             // same id
		{ID: "a4", Name: "x", Key: "x", Skeleton: "x"}, // no password
	} {
		err := s.CreateAccount(ctx, a)
		if err == nil {
			t.Errorf("CreateAccount(%+v) = nil, want an error", a)
		}
		if a.ID == "a2" || a.ID == "a3" {
			if !errors.Is(err, store.ErrTaken) {
				t.Errorf("CreateAccount(%s) = %v, want ErrTaken", a.Name, err)
			}
		}
	}
	got, err := s.AccountByKey(ctx, "ann")
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != "a1" || got.Name != "Ann" || got.Skeleton != "ann" || got.Password != "hash of Ann" || !got.Created.Equal(t0) || !got.Deleted.IsZero() {
		t.Errorf("AccountByKey(ann) = %+v", got)
	}
	if got, err := s.Account(ctx, "a1"); err != nil || got.Key != "ann" {
		t.Errorf("Account(a1) = %+v, %v", got, err)
	}
	if _, err := s.AccountByKey(ctx, "bob"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountByKey(bob) = %v, want ErrNotFound", err)
	}
	if _, err := s.Account(ctx, "a2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Account(a2) = %v, want ErrNotFound", err)
	}
}

func session(account string, n byte, seen time.Time) *store.Session {
	return &store.Session{Hash: bytes.Repeat([]byte{n}, 32), ID: "s" + string('0'+rune(n)), Account: account, CSRF: "csrf", Created: t0, Seen: seen, Agent: "agent", Addr: "10.0.0.1"}
}

func testSessions(t *testing.T, _ store.Store, s store.Accounts) {
	ctx := context.Background()
	for _, a := range []*store.Account{account("a1", "Ann", "ann", "ann"), account("b1", "Bob", "bob", "bob")} {
		if err := s.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddSession(ctx, session("nobody", 9, t0)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AddSession(unknown account) = %v, want ErrNotFound", err)
	}
	for i, se := range []*store.Session{session("a1", 1, t0), session("a1", 2, t0.Add(time.Hour)), session("a1", 3, t0.Add(2*time.Hour)), session("b1", 4, t0)} {
		if err := s.AddSession(ctx, se); err != nil {
			t.Fatalf("AddSession %d: %v", i, err)
		}
	}
	// A read within a minute of Seen leaves it; a later one refreshes it.
	got, err := s.Session(ctx, bytes.Repeat([]byte{1}, 32), t0.Add(30*time.Second))
	if err != nil || got.ID != "s1" || got.Account != "a1" || got.CSRF != "csrf" || got.Agent != "agent" || got.Addr != "10.0.0.1" || !got.Seen.Equal(t0) {
		t.Fatalf("Session(1) = %+v, %v", got, err)
	}
	later := t0.Add(3 * time.Hour)
	if got, err := s.Session(ctx, bytes.Repeat([]byte{1}, 32), later); err != nil || !got.Seen.Equal(later) {
		t.Fatalf("Session(1) 3 h later = %+v, %v; want seen %v", got, err, later)
	}
	if _, err := s.Session(ctx, bytes.Repeat([]byte{7}, 32), t0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Session(unknown) = %v, want ErrNotFound", err)
	}
	list, err := s.Sessions(ctx, "a1")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, se := range list {
		ids = append(ids, se.ID)
	}
	if want := []string{"s1", "s3", "s2"}; !slices.Equal(ids, want) {
		t.Errorf("Sessions(a1) = %v, want %v (most recently seen first)", ids, want)
	}
	// Bob cannot end Ann's session.
	if err := s.DeleteSession(ctx, "b1", "s2", nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("DeleteSession(b1, s2) = %v, want ErrNotFound", err)
	}
	if err := s.DeleteSession(ctx, "a1", "s2", nil); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteSession(ctx, "a1", "", bytes.Repeat([]byte{3}, 32)); err != nil {
		t.Fatal(err)
	}
	if list, _ := s.Sessions(ctx, "a1"); len(list) != 1 || list[0].ID != "s1" {
		t.Errorf("Sessions(a1) after two sign-outs = %+v, want s1 only", list)
	}
	if n, err := s.DeleteSessions(ctx, "a1"); err != nil || n != 1 {
		t.Errorf("DeleteSessions(a1) = %d, %v; want 1", n, err)
	}
	if _, err := s.Session(ctx, bytes.Repeat([]byte{1}, 32), later); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Session(1) after sign-out everywhere = %v, want ErrNotFound", err)
	}
	if _, err := s.Session(ctx, bytes.Repeat([]byte{4}, 32), later); err != nil {
		t.Errorf("Bob's session after Ann signed out everywhere: %v", err)
	}
	// Unused for a year and a day, it has ended.
	gone := later.Add(store.SessionIdle + 24*time.Hour)
	if _, err := s.Session(ctx, bytes.Repeat([]byte{4}, 32), gone); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a session unused for a year = %v, want ErrNotFound", err)
	}
	if list, _ := s.Sessions(ctx, "b1"); len(list) != 0 {
		t.Errorf("the ended session is still listed: %+v", list)
	}
}

func testSetPassword(t *testing.T, _ store.Store, s store.Accounts) {
	ctx := context.Background()
	if err := s.CreateAccount(ctx, account("a1", "Ann", "ann", "ann")); err != nil {
		t.Fatal(err)
	}
	for n := byte(1); n <= 3; n++ {
		if err := s.AddSession(ctx, session("a1", n, t0)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetPassword(ctx, "a1", "new hash", bytes.Repeat([]byte{2}, 32)); err != nil {
		t.Fatal(err)
	}
	if a, _ := s.Account(ctx, "a1"); a == nil || a.Password != "new hash" {
		t.Errorf("password after SetPassword = %+v, want new hash", a)
	}
	if list, _ := s.Sessions(ctx, "a1"); len(list) != 1 || list[0].ID != "s2" {
		t.Errorf("sessions after SetPassword keeping s2 = %+v", list)
	}
	if err := s.SetPassword(ctx, "a1", "newer", nil); err != nil {
		t.Fatal(err)
	}
	if list, _ := s.Sessions(ctx, "a1"); len(list) != 0 {
		t.Errorf("sessions after SetPassword keeping none = %+v", list)
	}
	if err := s.SetPassword(ctx, "zz", "x", nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetPassword(unknown) = %v, want ErrNotFound", err)
	}
}

func testAccountGames(t *testing.T, st store.Store, s store.Accounts) {
	ctx := context.Background()
	if err := s.CreateAccount(ctx, account("a1", "Ann", "ann", "ann")); err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"g1", "g2", "g3"} {
		if err := st.Create(ctx, sample(id, t0.Add(time.Duration(i)*time.Minute))); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range []struct{ game, player string }{{"g1", "white"}, {"g3", "black"}, {"g1", "white"}, {"g3", "white"}} {
		if err := s.LinkGame(ctx, "a1", l.game, l.player, t0); err != nil {
			t.Fatalf("LinkGame(%s, %s): %v", l.game, l.player, err)
		}
	}
	if err := s.LinkGame(ctx, "a1", "nope", "white", t0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("LinkGame(unknown game) = %v, want ErrNotFound", err)
	}
	if err := s.LinkGame(ctx, "zz", "g2", "white", t0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("LinkGame(unknown account) = %v, want ErrNotFound", err)
	}
	games, err := s.AccountGames(ctx, "a1", 0)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range games {
		ids = append(ids, g.ID)
	}
	if want := []string{"g3", "g1"}; !slices.Equal(ids, want) {
		t.Errorf("AccountGames = %v, want %v (each game once, newest first)", ids, want)
	}
	if games, _ := s.AccountGames(ctx, "a1", 1); len(games) != 1 || games[0].ID != "g3" {
		t.Errorf("AccountGames limit 1 = %d games", len(games))
	}
	// A seat that carries the account links its game, when the game is
	// created and when its seats are set; an unknown account is passed
	// over.
	g4 := sample("g4", t0.Add(time.Hour))
	g4.Seats[0].Account = "a1"
	g4.Seats[1].Account = "nobody"
	if err := st.Create(ctx, g4); err != nil {
		t.Fatal(err)
	}
	g2, _, err := st.Load(ctx, "g2")
	if err != nil {
		t.Fatal(err)
	}
	g2.Seats[1].Account = "a1"
	if err := st.SetSeats(ctx, "g2", g2.Version, g2.Seats); err != nil {
		t.Fatal(err)
	}
	if g2, _, _ := st.Load(ctx, "g2"); g2.Seats[1].Account != "a1" {
		t.Errorf("seat account after SetSeats = %q, want a1", g2.Seats[1].Account)
	}
	games, err = s.AccountGames(ctx, "a1", 0)
	if err != nil {
		t.Fatal(err)
	}
	ids = nil
	for _, g := range games {
		ids = append(ids, g.ID)
	}
	if want := []string{"g4", "g3", "g2", "g1"}; !slices.Equal(ids, want) {
		t.Errorf("AccountGames after linked seats = %v, want %v", ids, want)
	}
}

func testDeleteAccount(t *testing.T, st store.Store, s store.Accounts) {
	ctx := context.Background()
	if err := s.CreateAccount(ctx, account("a1", "Ann", "ann", "ann")); err != nil {
		t.Fatal(err)
	}
	if err := st.Create(ctx, sample("g1", t0)); err != nil {
		t.Fatal(err)
	}
	if err := s.LinkGame(ctx, "a1", "g1", "white", t0); err != nil {
		t.Fatal(err)
	}
	if err := s.AddSession(ctx, session("a1", 1, t0)); err != nil {
		t.Fatal(err)
	}
	chat, hasChat := st.(store.Chatter)
	if hasChat {
		for _, m := range []*store.ChatMessage{
			{Game: "g1", Room: store.ChatPlayers, Player: "white", Name: "Ann", Text: "hi"},
			{Game: "g1", Room: store.ChatPlayers, Player: "black", Name: "Bob", Text: "hello"},
		} {
			if err := chat.AddChat(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	seats, err := s.DeleteAccount(ctx, "a1", t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(seats) != 1 || seats[0] != (store.AccountGame{Game: "g1", Player: "white"}) {
		t.Errorf("DeleteAccount seats = %+v, want g1 white", seats)
	}
	if _, err := s.Account(ctx, "a1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Account after delete = %v, want ErrNotFound", err)
	}
	if _, err := s.AccountByKey(ctx, "ann"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountByKey after delete = %v, want ErrNotFound", err)
	}
	if _, err := s.Session(ctx, bytes.Repeat([]byte{1}, 32), t0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Session after delete = %v, want ErrNotFound", err)
	}
	if games, _ := s.AccountGames(ctx, "a1", 0); len(games) != 0 {
		t.Errorf("AccountGames after delete = %d games, want 0", len(games))
	}
	if g, _, err := st.Load(ctx, "g1"); err != nil || g.Seq != 0 {
		t.Errorf("the game after delete: %v", err)
	}
	if err := s.CreateAccount(ctx, account("a2", "ann", "ann", "ann")); !errors.Is(err, store.ErrTaken) {
		t.Errorf("CreateAccount(a deleted account's name) = %v, want ErrTaken", err)
	}
	if _, err := s.DeleteAccount(ctx, "a1", t0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("DeleteAccount twice = %v, want ErrNotFound", err)
	}
	if hasChat {
		msgs, err := chat.Chat(ctx, "g1", "", 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(msgs) != 2 || msgs[0].Name != "" || msgs[0].Text != "hi" || msgs[1].Name != "Bob" {
			t.Errorf("chat after delete = %+v, want Ann's name cleared, Bob's kept", msgs)
		}
	}
}

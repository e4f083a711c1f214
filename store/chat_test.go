package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/norns-games/norns/store"
	"github.com/norns-games/norns/store/storetest"
)

// chatStores runs f on a new SQLite store and, when PostgreSQL answers, on
// a new PostgreSQL store. other opens another store on the same database
// (another instance), for PostgreSQL; for SQLite, one process has one
// store, and other returns it.
func chatStores(t *testing.T, f func(t *testing.T, s store.Store, c store.Chatter, other func() store.Chatter)) {
	t.Run("sqlite", func(t *testing.T) {
		s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "norns.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		f(t, s, s, func() store.Chatter { return s })
	})
	t.Run("postgres", func(t *testing.T) {
		url := storetest.PostgresURL(t)
		s := openPostgres(t, url)
		defer s.Close()
		f(t, s, s, func() store.Chatter {
			o := openPostgres(t, url)
			t.Cleanup(func() { o.Close() })
			return o
		})
	})
}

func createGame(t *testing.T, s store.Store, id string) {
	t.Helper()
	if err := s.Create(context.Background(), &store.Game{ID: id, Game: "chess", ServerSeed: []byte{1}, Created: time.Now(), Updated: time.Now()}); err != nil {
		t.Fatal(err)
	}
}

// chatTexts lists the seqs, rooms and texts of messages, to compare them.
func chatTexts(ms []store.ChatMessage) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = fmt.Sprintf("%d %s %s", m.Seq, m.Room, m.Text)
	}
	return out
}

// TestChatAddRead: messages are numbered per game from 1 across both
// rooms, read back as stored (plain text as written, the time to the
// millisecond), by room, after a seq, and up to a limit.
func TestChatAddRead(t *testing.T) {
	chatStores(t, func(t *testing.T, s store.Store, c store.Chatter, other func() store.Chatter) {
		ctx := context.Background()
		createGame(t, s, "g1")
		createGame(t, s, "g2")
		at := time.Date(2025, 3, 1, 12, 0, 0, 123456789, time.UTC)
		msgs := []store.ChatMessage{
			{Game: "g1", Room: store.ChatPlayers, Player: "white", Name: "Ann", Text: "hello", Time: at},
			{Game: "g1", Room: store.ChatSpectators, Name: "spectator", Text: "<b>nice</b> & 'so'"},
			{Game: "g2", Room: store.ChatPlayers, Player: "black", Name: "Bob", Text: "other game"},
			{Game: "g1", Room: store.ChatPlayers, Player: "black", Name: "Bob", Text: "привет ♞"},
		}
		wantSeq := []int64{1, 2, 1, 3}
		for i := range msgs {
			if err := c.AddChat(ctx, &msgs[i]); err != nil {
				t.Fatalf("AddChat(%q) = %v", msgs[i].Text, err)
			}
			if msgs[i].Seq != wantSeq[i] {
				t.Errorf("AddChat(%q) gave seq %d, want %d", msgs[i].Text, msgs[i].Seq, wantSeq[i])
			}
		}
		if want := at.Truncate(time.Millisecond); !msgs[0].Time.Equal(want) {
			t.Errorf("AddChat time = %v, want %v (to the millisecond)", msgs[0].Time, want)
		}
		if msgs[1].Time.IsZero() {
			t.Errorf("AddChat without a time left it zero")
		}

		all, err := c.Chat(ctx, "g1", "", 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		if want := []store.ChatMessage{msgs[0], msgs[1], msgs[3]}; !slices.EqualFunc(all, want, func(a, b store.ChatMessage) bool {
			return a.Game == b.Game && a.Seq == b.Seq && a.Room == b.Room && a.Player == b.Player && a.Name == b.Name && a.Text == b.Text && a.Time.Equal(b.Time)
		}) {
			t.Errorf("Chat(g1, all) = %+v, want %+v", all, want)
		}

		for _, tt := range []struct {
			game, room string
			since      int64
			limit      int
			want       []string
		}{
			{"g1", store.ChatPlayers, 0, 0, []string{"1 players hello", "3 players привет ♞"}},
			{"g1", store.ChatSpectators, 0, 0, []string{"2 spectators <b>nice</b> & 'so'"}},
			{"g1", store.ChatPlayers, 1, 0, []string{"3 players привет ♞"}},
			{"g1", "", 1, 1, []string{"2 spectators <b>nice</b> & 'so'"}},
			{"g1", "", 3, 0, []string{}},
			{"g2", "", 0, 0, []string{"1 players other game"}},
			{"g2", store.ChatSpectators, 0, 0, []string{}},
		} {
			got, err := c.Chat(ctx, tt.game, tt.room, tt.since, tt.limit)
			if err != nil || !slices.Equal(chatTexts(got), tt.want) {
				t.Errorf("Chat(%s, %q, %d, %d) = %q, %v; want %q", tt.game, tt.room, tt.since, tt.limit, chatTexts(got), err, tt.want)
			}
		}
	})
}

// TestChatRefused: a message of an unknown game, of an unknown room, with
// an empty text or a text that is not UTF-8 is refused, and nothing is
// stored; reading an unknown game or room is an error.
func TestChatRefused(t *testing.T) {
	chatStores(t, func(t *testing.T, s store.Store, c store.Chatter, other func() store.Chatter) {
		ctx := context.Background()
		createGame(t, s, "g")
		for _, tt := range []struct {
			m        store.ChatMessage
			notFound bool
		}{
			{store.ChatMessage{Game: "nope", Room: store.ChatPlayers, Text: "hi"}, true},
			{store.ChatMessage{Game: "g", Room: "lobby", Text: "hi"}, false},
			{store.ChatMessage{Game: "g", Room: "", Text: "hi"}, false},
			{store.ChatMessage{Game: "g", Room: store.ChatPlayers, Text: ""}, false},
			{store.ChatMessage{Game: "g", Room: store.ChatSpectators, Text: "bad \xff"}, false},
		} {
			m := tt.m
			err := c.AddChat(ctx, &m)
			if err == nil || errors.Is(err, store.ErrNotFound) != tt.notFound {
				t.Errorf("AddChat(%+v) = %v, want an error (not found: %v)", tt.m, err, tt.notFound)
			}
			if m.Seq != 0 {
				t.Errorf("AddChat(%+v) refused gave seq %d", tt.m, m.Seq)
			}
		}
		if got, err := c.Chat(ctx, "g", "", 0, 0); err != nil || len(got) != 0 {
			t.Errorf("Chat(g) after refused messages = %+v, %v; want none", got, err)
		}
		if _, err := c.Chat(ctx, "nope", "", 0, 0); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Chat(unknown game) = %v, want ErrNotFound", err)
		}
		if _, err := c.Chat(ctx, "g", "lobby", 0, 0); err == nil || errors.Is(err, store.ErrNotFound) {
			t.Errorf("Chat(g, lobby) = %v, want an error about the room", err)
		}
		// The game itself is as it was: chat is not in its log.
		g, evs, err := s.Load(ctx, "g")
		if err != nil || g.Version != 0 || g.Seq != 0 || len(evs) != 0 {
			t.Errorf("Load(g) = %+v, %v, %v; want version 0 and no event", g, evs, err)
		}
	})
}

// TestChatConcurrent: messages added at once to one game get every seq
// from 1 exactly once; in PostgreSQL through two stores (two instances) on
// one database, whose inserts collide and are tried again.
func TestChatConcurrent(t *testing.T) {
	chatStores(t, func(t *testing.T, s store.Store, c store.Chatter, other func() store.Chatter) {
		ctx := context.Background()
		createGame(t, s, "g")
		chatters := []store.Chatter{c, other()}
		const n = 40
		seqs := make([]int64, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				m := store.ChatMessage{Game: "g", Room: store.ChatPlayers, Player: "white", Name: "Ann", Text: fmt.Sprint("message ", i)}
				errs[i] = chatters[i%len(chatters)].AddChat(ctx, &m)
				seqs[i] = m.Seq
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("AddChat %d = %v", i, err)
			}
		}
		slices.Sort(seqs)
		for i, seq := range seqs {
			if seq != int64(i+1) {
				t.Fatalf("seqs of %d messages added at once = %v, want 1 to %d", n, seqs, n)
			}
		}
		got, err := c.Chat(ctx, "g", store.ChatPlayers, 0, 0)
		if err != nil || len(got) != n {
			t.Errorf("Chat(g) = %d messages, %v; want %d", len(got), err, n)
		}
	})
}

// TestChatSQLiteOldDatabase: a database made before the chat gains its
// table when opened, and keeps the messages over a reopen.
func TestChatSQLiteOldDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "norns.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, oldSchema); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatalf("OpenSQLite(old schema) = %v", err)
	}
	m := store.ChatMessage{Game: "old", Room: store.ChatPlayers, Player: "white", Name: "Ann", Text: "good game"}
	if err := s.AddChat(ctx, &m); err != nil || m.Seq != 1 {
		t.Fatalf("AddChat(old game) = %v, seq %d; want seq 1", err, m.Seq)
	}
	s.Close()
	s, err = store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Chat(ctx, "old", "", 0, 0)
	if err != nil || len(got) != 1 || got[0].Text != "good game" || got[0].Name != "Ann" {
		t.Errorf("Chat(old) after reopen = %+v, %v; want Ann's good game", got, err)
	}
}

package server

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// recordConn is a net.Conn that records its writes and write deadlines.
type recordConn struct {
	net.Conn
	writes    []string
	deadlines []time.Time
}

func (c *recordConn) Write(p []byte) (int, error) {
	c.writes = append(c.writes, string(p))
	return len(p), nil
}

func (c *recordConn) SetWriteDeadline(t time.Time) error {
	c.deadlines = append(c.deadlines, t)
	return nil
}

// TestCorkConn: corked, writes are kept and uncork sends them as one,
// under a deadline it clears afterwards; uncorked, they go straight through.
func TestCorkConn(t *testing.T) {
	rc := &recordConn{}
	c := &corkConn{Conn: rc}
	if _, err := c.Write([]byte("pong")); err != nil || strings.Join(rc.writes, "|") != "pong" {
		t.Fatalf("uncorked write: %v, writes %q; want one write, pong", err, rc.writes)
	}
	c.cork()
	for _, s := range []string{"a", "bb", "ccc"} {
		if n, err := c.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("corked write %q = %d, %v", s, n, err)
		}
	}
	if len(rc.writes) != 1 || c.buffered() != 6 {
		t.Fatalf("corked: writes %q, %d bytes kept; want none written, 6 kept", rc.writes, c.buffered())
	}
	if err := c.uncork(time.Minute); err != nil {
		t.Fatal(err)
	}
	if strings.Join(rc.writes, "|") != "pong|abbccc" || c.buffered() != 0 {
		t.Errorf("after uncork: writes %q, %d kept; want pong|abbccc, 0", rc.writes, c.buffered())
	}
	if len(rc.deadlines) != 2 || rc.deadlines[0].IsZero() || !rc.deadlines[1].IsZero() {
		t.Errorf("deadlines %v; want one set, then cleared", rc.deadlines)
	}
	if err := c.uncork(time.Minute); err != nil || len(rc.writes) != 2 || len(rc.deadlines) != 2 {
		t.Errorf("empty uncork: %v, writes %q, deadlines %v; want nothing done", err, rc.writes, rc.deadlines)
	}
}

// TestFeedWriterBatch: a message and those queued behind it reach the
// client as separate WebSocket messages, in order, and a backlog too.
func TestFeedWriterBatch(t *testing.T) {
	sent := make(chan error, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &corkWriter{ResponseWriter: w}
		c, err := websocket.Accept(cw, r, nil)
		if err != nil {
			sent <- err
			return
		}
		f := &feedWriter{c: c, cc: cw.conn}
		more := make(chan []byte, 4)
		more <- []byte(`{"n":2}`)
		more <- []byte(`{"n":3}`)
		err = f.send([]byte(`{"n":1}`), more)
		if err == nil {
			err = f.sendAll([][]byte{[]byte(`{"n":4}`), []byte(strings.Repeat("x", 3*feedMaxBatch)), []byte(`{"n":6}`)})
		}
		sent <- err
		c.Close(websocket.StatusNormalClosure, "")
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	want := []string{`{"n":1}`, `{"n":2}`, `{"n":3}`, `{"n":4}`, strings.Repeat("x", 3*feedMaxBatch), `{"n":6}`}
	for i, w := range want {
		typ, b, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("message %d: %v", i+1, err)
		}
		if typ != websocket.MessageText || string(b) != w {
			t.Fatalf("message %d: %v %.40q; want text %.40q", i+1, typ, b, w)
		}
	}
	if err := <-sent; err != nil {
		t.Fatalf("send: %v", err)
	}
}

package server

import (
	"bufio"
	"net"
	"net/http"
	"sync"
	"time"
)

// corkConn is the connection under a game's WebSocket feed. The WebSocket
// library flushes every message it writes with a syscall of its own; while
// the feed corks the connection, what the library writes is kept here, and
// uncork sends it all with one write under a deadline. Uncorked (the
// library's own control frames: pongs, close), writes go straight through.
type corkConn struct {
	net.Conn
	mu     sync.Mutex
	corked bool
	// buf holds what is kept, in a buffer from corkBufs while corked.
	buf *[]byte
}

// corkBufs are the buffers of corked connections, shared: a feed holds one
// only between its cork and its uncork, so thousands of idle feeds hold
// none.
var corkBufs = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// corkKeep is the largest buffer put back in corkBufs.
const corkKeep = 64 << 10

// Write keeps p while the connection is corked, and writes it otherwise.
func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.corked {
		if c.buf == nil {
			c.buf = corkBufs.Get().(*[]byte)
		}
		*c.buf = append(*c.buf, p...)
		return len(p), nil
	}
	return c.Conn.Write(p)
}

// cork starts keeping what is written.
func (c *corkConn) cork() {
	c.mu.Lock()
	c.corked = true
	c.mu.Unlock()
}

// buffered is how many bytes are kept.
func (c *corkConn) buffered() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.buf == nil {
		return 0
	}
	return len(*c.buf)
}

// uncork writes what was kept, failing when that takes longer than
// timeout, and lets later writes through.
func (c *corkConn) uncork(timeout time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	b := c.buf
	if b == nil {
		return nil
	}
	c.buf = nil
	defer func() {
		if cap(*b) <= corkKeep {
			*b = (*b)[:0]
			corkBufs.Put(b)
		}
	}()
	if err := c.Conn.SetWriteDeadline(time.Now().Add(timeout)); err != nil {
		return err
	}
	_, err := c.Conn.Write(*b)
	if err == nil {
		err = c.Conn.SetWriteDeadline(time.Time{})
	}
	return err
}

// corkWriter hands a corkConn to websocket.Accept when it hijacks the
// connection.
type corkWriter struct {
	http.ResponseWriter
	conn *corkConn
}

// Hijack takes over the connection as a corkConn: net/http's write buffer,
// new and empty at this point, is turned to it.
func (w *corkWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	w.conn = &corkConn{Conn: nc}
	brw.Writer.Reset(w.conn)
	return w.conn, brw, nil
}

// Unwrap is the ResponseWriter under w.
func (w *corkWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Package web is the Norns web app: a single-page application written in
// TypeScript (src/), bundled by esbuild into dist/ by go generate, and
// embedded in the program, so that building and running Norns needs no
// Node.
//
// # Serving
//
// Handler serves the app:
//
//   - /app.js, /app.css, /favicon.svg: the bundle, its style sheet and
//     the icon (/favicon-turn.svg, with a dot: a seat of the browser is
//     to move);
//   - /i18n/en.json, /i18n/ru.json: the message catalog (norns/i18n), the
//     same file the Go code reads;
//   - /rules/en/<file>.md, /rules/ru/<file>.md: the rules pages' text;
//   - POST /web/replay: the positions of a record (Replay), for the
//     replay page and the game page's move list and animations;
//   - any other path: the page itself (index.html), whose script routes by
//     the path (/, /new/<game>, /game/<id>, /rules/<game>, /replay…).
//
// The page's html element carries the language to start in: the "lang"
// cookie the app sets when a language is chosen, else the request's
// Accept-Language. The API (/api/) and the WebSocket are the server's; a
// server mounts Handler for every other path.
//
// # Building
//
// go generate ./web writes src/wire.ts, the types of the server's API,
// from package wire (package wire/tsgen), then rebuilds dist/app.js from
// src/ (package internal/bundle); the tests fail when either is out of
// date. The page, style
// sheet and icons (static/) and the rules pages (rules/en, rules/ru) are
// embedded where they are. The rules pages tell players the rules of the project's
// rules files (../rules), with the same rule numbers, rulings and house
// rules.
// tsc --noEmit (npm ci && npx tsc --noEmit in web/) type-checks the
// sources; it is not needed to build.
package web

//go:generate go run ../wire/cmd/tsgen src/wire.ts
//go:generate go run ./internal/genbundle

import (
	"bytes"
	"embed"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
)

//go:embed dist static rules/en rules/ru
var embedded embed.FS

// Dist returns the built files (app.js).
func Dist() fs.FS { return sub("dist") }

// sub returns the embedded directory dir.
func sub(dir string) fs.FS {
	f, err := fs.Sub(embedded, dir)
	if err != nil {
		panic(err)
	}
	return f
}

// files are the files the app serves, each at its path: the built ones
// (dist), the page, style sheet and icons (static), and the rules pages
// (rules/en, rules/ru), embedded where they are.
func files() fs.FS {
	return layers{Dist(), sub("static"), rulesOnly{embedded}}
}

// layers is a file system of several: a name is the first that has it.
type layers []fs.FS

func (l layers) Open(name string) (fs.File, error) {
	for _, f := range l {
		if file, err := f.Open(name); err == nil {
			return file, nil
		}
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// rulesOnly is a file system that has only the files under rules/.
type rulesOnly struct{ fs.FS }

func (r rulesOnly) Open(name string) (fs.File, error) {
	if !strings.HasPrefix(name, "rules/") {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return r.FS.Open(name)
}

// Handler returns the handler of the web app (see the package
// documentation).
func Handler() http.Handler {
	files := files()
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		panic(err)
	}
	static := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/web/replay" && r.Method == http.MethodPost {
			serveReplay(w, r)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := path.Clean("/" + r.URL.Path)
		if strings.HasPrefix(p, "/i18n/") && strings.HasSuffix(p, ".json") {
			name := strings.TrimSuffix(strings.TrimPrefix(p, "/i18n/"), ".json")
			if name != string(i18n.English) && name != string(i18n.Russian) {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Header().Set("Cache-Control", "no-cache")
			w.Write(i18n.JSON(i18n.Lang(name)))
			return
		}
		if p != "/" && p != "/index.html" {
			if st, err := fs.Stat(files, p[1:]); err == nil && !st.IsDir() {
				w.Header().Set("Cache-Control", "no-cache")
				if strings.HasSuffix(p, ".md") {
					w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
				}
				static.ServeHTTP(w, r)
				return
			}
			if strings.HasPrefix(p, "/rules/") && strings.HasSuffix(p, ".md") || path.Ext(p) == ".js" || path.Ext(p) == ".css" {
				http.NotFound(w, r)
				return
			}
		}
		page := bytes.Replace(index, []byte(`lang="en"`), []byte(`lang="`+string(Lang(r))+`"`), 1)
		w.Header().Set("Vary", "Cookie, Accept-Language") // the page's language
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		// The page says what is not found; the status says it too.
		if !appRoute(p) {
			w.WriteHeader(http.StatusNotFound)
		}
		w.Write(page)
	})
}

// appPath matches the app's routes (src/main.ts).
var appPath = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^/(|index\.html|new/[a-z]+|games/[a-z0-9]+|rules(/[a-z]+)?|replay(/[a-z0-9]+)?|verify|signin|signup|account|leaderboard|@/[A-Za-z0-9_-]{2,20})$`)
})

// appRoute reports whether a path is a page of the app: one of its
// routes, and for /new/<game> and /rules/<game> a game the server offers. The page of any
// other path is its not-found page, answered with status 404.
func appRoute(p string) bool {
	if !appPath().MatchString(p) {
		return false
	}
	for _, prefix := range []string{"/new/", "/rules/"} {
		if name, ok := strings.CutPrefix(p, prefix); ok {
			_, err := games.ByName(name)
			return err == nil
		}
	}
	return true
}

// Lang is the language a page starts in: the "lang" cookie, else (also
// when the cookie names no language) the Accept-Language header.
func Lang(r *http.Request) i18n.Lang {
	cookie := ""
	if c, err := r.Cookie("lang"); err == nil {
		cookie = c.Value
	}
	return i18n.FromRequest(r.Header.Get("Accept-Language"), cookie)
}
